import { appModule } from '../../plugins/app-module.ts';
import { usageRoutes } from './usage-routes.ts';

/** Mounted by app.ts at /api/usage. */
export const usageModule = appModule('/api/usage', usageRoutes);
