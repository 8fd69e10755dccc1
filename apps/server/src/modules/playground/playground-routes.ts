import { playgroundReplySchema, playgroundRequestSchema } from '@vendai/contracts';
import { userRateLimit } from '../../plugins/rate-limits.ts';
import { requireUser } from '../../plugins/require-user.ts';
import type { FastifyPluginAsyncZod } from '../../plugins/route-schemas.ts';
import { replyInPlayground } from './reply-in-playground.ts';

/** /api/playground: test an agent before customers meet it (docs/product/integrations.md; docs/decisions/014-prompt-workshop.md). */
export const playgroundRoutes: FastifyPluginAsyncZod = async (app) => {
  requireUser(app);
  const { db, llm, env } = app.deps;
  const limit = userRateLimit(
    env.PLAYGROUND_RATE_LIMIT_PER_MINUTE,
    'Muitas mensagens de teste em pouco tempo. Aguarde um minuto e tente novamente.',
  );

  app.post(
    '/reply',
    { config: limit, schema: { body: playgroundRequestSchema, response: { 200: playgroundReplySchema } } },
    async (req) => replyInPlayground({ db, llm, accountId: req.user.id, input: req.body, log: req.log }),
  );
};
