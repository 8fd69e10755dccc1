import { appModule } from '../../plugins/app-module.ts';
import { accountRoutes } from './account-routes.ts';

/** Mounted by app.ts at /api/account. */
export const accountModule = appModule('/api/account', accountRoutes);
