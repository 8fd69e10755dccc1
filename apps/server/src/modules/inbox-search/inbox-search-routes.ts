import { inboxSearchQuerySchema, inboxSearchResultSchema } from '@vendai/contracts';
import { requireUser } from '../../plugins/require-user.ts';
import type { FastifyPluginAsyncZod } from '../../plugins/route-schemas.ts';
import { searchInbox } from './search-inbox.ts';

/** /api/inbox-search: the inbox's search box (docs/decisions/040-inbox-search.md). */
export const inboxSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  requireUser(app, 'team');
  const { db } = app.deps;
  app.get(
    '/',
    { schema: { querystring: inboxSearchQuerySchema, response: { 200: inboxSearchResultSchema } } },
    async (req) => searchInbox({ db, userId: req.user.id, query: req.query }),
  );
};
