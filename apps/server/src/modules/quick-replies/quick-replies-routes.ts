import {
  idParamsSchema,
  noContentSchema,
  quickReplyDtoSchema,
  quickReplyInputSchema,
  quickReplyListSchema,
} from '@vendai/contracts';
import { needsPermission, requireUser } from '../../plugins/require-user.ts';
import type { FastifyPluginAsyncZod } from '../../plugins/route-schemas.ts';
import { createQuickReply, deleteQuickReply, listQuickReplies, updateQuickReply } from './quick-replies-service.ts';

const params = idParamsSchema();

/**
 * /api/quick-replies: the shop's saved texts, expanded by `/atalho` in the composer. The whole team uses
 * them; writing them is the owner's, or an attendant's with the owner's leave (decision 052).
 */
export const quickRepliesRoutes: FastifyPluginAsyncZod = async (app) => {
  requireUser(app, 'team');
  const { db } = app.deps;
  const config = needsPermission('quickReplies');
  app.get('/', { schema: { response: { 200: quickReplyListSchema } } }, async (req) => ({
    items: await listQuickReplies(db, req.user.id),
  }));
  app.post(
    '/',
    { config, schema: { body: quickReplyInputSchema, response: { 201: quickReplyDtoSchema } } },
    async (req, reply) => reply.code(201).send(await createQuickReply(db, req.user.id, req.body)),
  );
  app.put(
    '/:id',
    { config, schema: { params, body: quickReplyInputSchema, response: { 200: quickReplyDtoSchema } } },
    async (req) => updateQuickReply(db, req.user.id, req.params.id, req.body),
  );
  app.delete('/:id', { config, schema: { params, response: { 204: noContentSchema } } }, async (req, reply) => {
    await deleteQuickReply(db, req.user.id, req.params.id);
    return reply.status(204).send();
  });
};
