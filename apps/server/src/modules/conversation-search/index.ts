import { appModule } from '../../plugins/app-module.ts';
import { conversationSearchRoutes } from './conversation-search-routes.ts';

/** Mounted by app.ts at /api/inbox-search. */
export const conversationSearchModule = appModule('/api/inbox-search', conversationSearchRoutes);
