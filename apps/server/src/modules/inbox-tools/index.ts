import { appModule } from '../../plugins/app-module.ts';
import { inboxToolsRoutes } from './inbox-tools-routes.ts';

/** Mounted by app.ts at /api (its routes: /labels… and /conversations/:id/labels | notes | contact). */
export const inboxToolsModule = appModule('/api', inboxToolsRoutes);
