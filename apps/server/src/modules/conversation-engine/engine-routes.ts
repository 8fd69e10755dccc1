import {
  idParamsSchema,
  insightParamsSchema,
  messageDtoSchema,
  messageInsightDtoSchema,
  retryReplyParamsSchema,
  retryReplyResultSchema,
  sendMessageSchema,
} from '@vendai/contracts';
import { userRateLimit } from '../../plugins/rate-limits.ts';
import { requireUser } from '../../plugins/require-user.ts';
import type { FastifyPluginAsyncZod } from '../../plugins/route-schemas.ts';
import type { Engine } from './create-engine.ts';
import { requestInsight } from './replies/request-insight.ts';
import { retryAiReply } from './replies/retry-ai-reply.ts';
import { sendManualMessage } from './sending/send-manual-message.ts';
import { templateRoutes } from './template-routes.ts';
import { approvalRoutes } from './approval/approval-routes.ts';

/** 'Transcrever' / 'Descrever imagem' a minute per account (each may be an AI assist, decision 050). */
const INSIGHTS_PER_MINUTE = 20;

/**
 * The engine's routes under /api/conversations, signed in (the inbox's read routes live in the
 * conversations module, registered on the same prefix as a separate plugin):
 * - POST /:id/messages — the owner writes in a conversation;
 * - POST /:id/messages/:messageId/retry — 'Tentar novamente' on an AI failure notice;
 * - POST /:id/messages/:messageId/insight — 'Transcrever' / 'Descrever imagem' in the inbox;
 * - the 24-hour window and templates of official-API numbers (template-routes.ts);
 * - approval mode's drafts (approval/approval-routes.ts, docs/decisions/045-approval-mode.md).
 */
export const engineRoutes: FastifyPluginAsyncZod<{ engine: Engine }> = async (app, { engine }) => {
  // The team answers in the inbox (decision 044); approval/approval-routes.ts decides for its own routes.
  requireUser(app, 'team');
  await app.register(templateRoutes, { engine });
  await app.register(approvalRoutes, { engine });

  app.post(
    '/:id/messages',
    { schema: { params: idParamsSchema(), body: sendMessageSchema, response: { 201: messageDtoSchema } } },
    async (req, reply) => {
      const message = await sendManualMessage(engine.deps, {
        accountId: req.user.id,
        convId: req.params.id,
        text: req.body.text,
        actorId: req.user.actorId,
      });
      return reply.status(201).send(message);
    },
  );

  app.post(
    '/:id/messages/:messageId/retry',
    { schema: { params: retryReplyParamsSchema, response: { 200: retryReplyResultSchema } } },
    async (req) =>
      retryAiReply(engine.deps, { accountId: req.user.id, convId: req.params.id, messageId: req.params.messageId }),
  );

  app.post(
    '/:id/messages/:messageId/insight',
    {
      config: userRateLimit(
        INSIGHTS_PER_MINUTE,
        'Muitos pedidos de transcrição em pouco tempo. Aguarde um minuto e tente novamente.',
      ),
      schema: { params: insightParamsSchema, response: { 200: messageInsightDtoSchema } },
    },
    async (req) =>
      requestInsight(engine.deps, { accountId: req.user.id, convId: req.params.id, messageId: req.params.messageId }),
  );
};
