import { retryReplyParamsSchema, retryReplyResultSchema } from '@vendai/contracts';
import type { FastifyPluginAsyncZod } from '../../plugins/route-schemas.ts';
import { requireUser } from '../../plugins/require-user.ts';
import type { Engine } from './create-engine.ts';
import { retryAiReply } from './retry-ai-reply.ts';

/** POST /api/conversations/:id/messages/:messageId/retry: 'Tentar novamente' on an AI failure notice. */
export const aiRetryRoutes: FastifyPluginAsyncZod<{ engine: Engine }> = async (app, { engine }) => {
  requireUser(app);
  app.post(
    '/:id/messages/:messageId/retry',
    { schema: { params: retryReplyParamsSchema, response: { 200: retryReplyResultSchema } } },
    async (req) =>
      retryAiReply(engine.deps, { userId: req.user.id, convId: req.params.id, messageId: req.params.messageId }),
  );
};
