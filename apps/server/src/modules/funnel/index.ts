import { appModule } from '../../plugins/app-module.ts';
import { funnelRoutes } from './funnel-routes.ts';

/** Mounted by app.ts at /api/funnel. */
export const funnelModule = appModule('/api/funnel', funnelRoutes);
