import { conversationSearchQuerySchema, conversationSearchResultSchema } from '@vendai/contracts';
import { requireUser } from '../../plugins/require-user.ts';
import type { FastifyPluginAsyncZod } from '../../plugins/route-schemas.ts';
import { runConversationSearch } from './run-search.ts';

/** /api/inbox-search: the inbox's search box (docs/decisions/040-inbox-search.md). */
export const conversationSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  requireUser(app, 'team');
  const { db } = app.deps;
  app.get(
    '/',
    { schema: { querystring: conversationSearchQuerySchema, response: { 200: conversationSearchResultSchema } } },
    async (req) => runConversationSearch({ db, accountId: req.user.id, query: req.query }),
  );
};
