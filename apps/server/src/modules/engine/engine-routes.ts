import type { FastifyPluginAsync } from 'fastify';
import { sendMessageSchema } from '@vendai/contracts';
import { notFound } from '../../lib/app-error.ts';
import { validate } from '../../lib/validate.ts';
import { requireUser } from '../../plugins/require-user.ts';
import type { Engine } from './create-engine.ts';
import { sendManualMessage } from './send-manual-message.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The engine's routes under /api/conversations (the inbox's read routes live in the conversations
 * module, registered on the same prefix as a separate plugin).
 */
export const engineRoutes: FastifyPluginAsync<{ engine: Engine }> = async (app, { engine }) => {
  app.addHook('preHandler', requireUser(app));

  app.post<{ Params: { id: string } }>('/:id/messages', async (req, reply) => {
    if (!UUID.test(req.params.id)) throw notFound();
    const { text } = validate(sendMessageSchema, req.body);
    const message = await sendManualMessage(engine.deps, { userId: req.user.id, convId: req.params.id, text });
    return reply.status(201).send(message);
  });
};
