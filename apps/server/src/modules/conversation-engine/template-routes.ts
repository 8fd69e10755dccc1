import {
  conversationWindowSchema,
  idParamsSchema,
  messageDtoSchema,
  messageTemplateListSchema,
  sendTemplateSchema,
} from '@vendai/contracts';
import { cloudPacingOf } from '../../integrations/gateway/cloud-pacing.ts';
import { createCloudTemplates } from '../../integrations/gateway/cloud-templates.ts';
import { parseSecretKey } from '../../lib/secret-box.ts';
import type { FastifyPluginAsyncZod } from '../../plugins/route-schemas.ts';
import type { Engine } from './create-engine.ts';
import { getConversationWindow } from './sending/conversation-window.ts';
import { listConversationTemplates, sendTemplateMessage } from './sending/send-template-message.ts';

/**
 * The 24-hour window and message templates of official-API numbers under /api/conversations
 * (docs/decisions/041-cloud-window-and-templates.md), registered inside engineRoutes (signed in there):
 * - GET /:id/window — whether free text may go now, and until when;
 * - GET /:id/templates — the number's approved templates (from Meta), with their variables;
 * - POST /:id/templates — sends one with its variables' values (an outgoing message of the owner).
 */
export const templateRoutes: FastifyPluginAsyncZod<{ engine: Engine }> = async (app, { engine }) => {
  const { env, db } = app.deps;
  // Paced with the number's other sends, on the same shared slots (docs/decisions/042-cloud-pacing.md).
  const templates = createCloudTemplates({
    graphUrl: env.META_GRAPH_URL,
    graphVersion: env.META_GRAPH_VERSION,
    key: env.META_TOKEN_ENCRYPTION_KEY ? parseSecretKey(env.META_TOKEN_ENCRYPTION_KEY) : null,
    ...cloudPacingOf(env, db),
  });

  app.get(
    '/:id/window',
    { schema: { params: idParamsSchema(), response: { 200: conversationWindowSchema } } },
    async (req) => getConversationWindow(engine.deps, { accountId: req.user.id, convId: req.params.id }),
  );

  app.get(
    '/:id/templates',
    { schema: { params: idParamsSchema(), response: { 200: messageTemplateListSchema } } },
    async (req) => ({
      templates: await listConversationTemplates(engine.deps, templates, {
        accountId: req.user.id,
        convId: req.params.id,
      }),
    }),
  );

  app.post(
    '/:id/templates',
    { schema: { params: idParamsSchema(), body: sendTemplateSchema, response: { 201: messageDtoSchema } } },
    async (req, reply) => {
      const message = await sendTemplateMessage(engine.deps, templates, {
        accountId: req.user.id,
        convId: req.params.id,
        actorId: req.user.actorId,
        role: req.user.role,
        ...req.body,
      });
      return reply.status(201).send(message);
    },
  );
};
