import { appModule } from '../../plugins/app-module.ts';
import { inboxSearchRoutes } from './inbox-search-routes.ts';

/** Mounted by app.ts at /api/inbox-search. */
export const inboxSearchModule = appModule('/api/inbox-search', inboxSearchRoutes);
