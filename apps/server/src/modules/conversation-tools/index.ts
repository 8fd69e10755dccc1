import { appModule } from '../../plugins/app-module.ts';
import { conversationToolsRoutes } from './conversation-tools-routes.ts';

/** Mounted by app.ts at /api (its routes: /labels… and /conversations/:id/labels | notes | contact). */
export const conversationToolsModule = appModule('/api', conversationToolsRoutes);
