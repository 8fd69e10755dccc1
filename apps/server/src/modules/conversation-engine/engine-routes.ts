import { idParamsSchema, messageDtoSchema, sendMessageSchema } from '@vendai/contracts';
import { requireUser } from '../../plugins/require-user.ts';
import type { FastifyPluginAsyncZod } from '../../plugins/route-schemas.ts';
import type { Engine } from './create-engine.ts';
import { sendManualMessage } from './send-manual-message.ts';

/**
 * The engine's routes under /api/conversations (the inbox's read routes live in the conversations
 * module, registered on the same prefix as a separate plugin).
 */
export const engineRoutes: FastifyPluginAsyncZod<{ engine: Engine }> = async (app, { engine }) => {
  requireUser(app);

  app.post(
    '/:id/messages',
    { schema: { params: idParamsSchema(), body: sendMessageSchema, response: { 201: messageDtoSchema } } },
    async (req, reply) => {
      const message = await sendManualMessage(engine.deps, {
        userId: req.user.id,
        convId: req.params.id,
        text: req.body.text,
      });
      return reply.status(201).send(message);
    },
  );
};
