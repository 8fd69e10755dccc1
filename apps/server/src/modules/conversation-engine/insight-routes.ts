import { insightParamsSchema, messageInsightDtoSchema } from '@vendai/contracts';
import type { FastifyPluginAsyncZod } from '../../plugins/route-schemas.ts';
import { requireUser } from '../../plugins/require-user.ts';
import type { Engine } from './create-engine.ts';
import { requestInsight } from './request-insight.ts';

/** POST /api/conversations/:id/messages/:messageId/insight: 'Transcrever' / 'Descrever imagem' in the inbox. */
export const insightRoutes: FastifyPluginAsyncZod<{ engine: Engine }> = async (app, { engine }) => {
  requireUser(app);
  app.post(
    '/:id/messages/:messageId/insight',
    { schema: { params: insightParamsSchema, response: { 200: messageInsightDtoSchema } } },
    async (req) =>
      requestInsight(engine.deps, { userId: req.user.id, convId: req.params.id, messageId: req.params.messageId }),
  );
};
