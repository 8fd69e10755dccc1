import { appModule } from '../../plugins/app-module.ts';
import { plansRoutes } from './plans-routes.ts';

/** Mounted by app.ts at /api/plans. */
export const plansModule = appModule('/api/plans', plansRoutes);
