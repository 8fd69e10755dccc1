import { appModule } from '../../plugins/app-module.ts';
import { quickRepliesRoutes } from './quick-replies-routes.ts';

/** Mounted by app.ts at /api/quick-replies. */
export const quickRepliesModule = appModule('/api/quick-replies', quickRepliesRoutes);
