import {
  idParamsSchema,
  noContentSchema,
  SOURCE_LINK_NOT_FOUND,
  sourceLinkDtoSchema,
  sourceLinkInputSchema,
  sourceLinkListSchema,
} from '@vendai/contracts';
import { requireUser } from '../../plugins/require-user.ts';
import type { FastifyPluginAsyncZod } from '../../plugins/route-schemas.ts';
import { createSourceLink, deleteSourceLink, listSourceLinks } from './source-links-service.ts';

const params = idParamsSchema(SOURCE_LINK_NOT_FOUND);

/** /api/source-links: the owner's 'Links de origem' (docs/decisions/071-ad-attribution.md). */
export const sourceLinksRoutes: FastifyPluginAsyncZod = async (app) => {
  requireUser(app);
  const { db } = app.deps;
  app.get('/', { schema: { response: { 200: sourceLinkListSchema } } }, async (req) => ({
    items: await listSourceLinks(db, req.user.id),
  }));
  app.post(
    '/',
    { schema: { body: sourceLinkInputSchema, response: { 201: sourceLinkDtoSchema } } },
    async (req, reply) => reply.code(201).send(await createSourceLink(db, req.user.id, req.body)),
  );
  app.delete('/:id', { schema: { params, response: { 204: noContentSchema } } }, async (req, reply) => {
    await deleteSourceLink(db, req.user.id, req.params.id);
    return reply.status(204).send();
  });
};
