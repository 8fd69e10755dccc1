import { appModule } from '../../plugins/app-module.ts';
import { conversationsRoutes } from './conversations-routes.ts';

/** Mounted by app.ts at /api/conversations. */
export const conversationsModule = appModule('/api/conversations', conversationsRoutes);
