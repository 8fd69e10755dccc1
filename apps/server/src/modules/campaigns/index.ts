import { appModule } from '../../plugins/app-module.ts';
import { campaignRoutes } from './campaign-routes.ts';

/** Mounted by app.ts at /api/campaigns. */
export const campaignsModule = appModule('/api/campaigns', campaignRoutes);
