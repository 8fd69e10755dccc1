import {
  idParamsSchema,
  noContentSchema,
  quickReplyDtoSchema,
  quickReplyInputSchema,
  quickReplyListSchema,
} from '@vendai/contracts';
import { requireUser } from '../../plugins/require-user.ts';
import type { FastifyPluginAsyncZod } from '../../plugins/route-schemas.ts';
import { createQuickReply, deleteQuickReply, listQuickReplies, updateQuickReply } from './quick-replies-service.ts';

const params = idParamsSchema();

/** /api/quick-replies: the owner's saved texts, expanded by `/atalho` in the composer. */
export const quickRepliesRoutes: FastifyPluginAsyncZod = async (app) => {
  requireUser(app, 'team');
  const { db } = app.deps;
  app.get('/', { schema: { response: { 200: quickReplyListSchema } } }, async (req) => ({
    items: await listQuickReplies(db, req.user.id),
  }));
  app.post(
    '/',
    { schema: { body: quickReplyInputSchema, response: { 201: quickReplyDtoSchema } } },
    async (req, reply) => reply.code(201).send(await createQuickReply(db, req.user.id, req.body)),
  );
  app.put(
    '/:id',
    { schema: { params, body: quickReplyInputSchema, response: { 200: quickReplyDtoSchema } } },
    async (req) => updateQuickReply(db, req.user.id, req.params.id, req.body),
  );
  app.delete('/:id', { schema: { params, response: { 204: noContentSchema } } }, async (req, reply) => {
    await deleteQuickReply(db, req.user.id, req.params.id);
    return reply.status(204).send();
  });
};
