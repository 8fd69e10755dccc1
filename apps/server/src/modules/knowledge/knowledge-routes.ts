import {
  FAQ_NOT_FOUND,
  faqInputSchema,
  faqListQuerySchema,
  faqListSchema,
  faqSchema,
  idParamsSchema,
  noContentSchema,
} from '@vendai/contracts';
import { requireUser } from '../../plugins/require-user.ts';
import type { FastifyPluginAsyncZod } from '../../plugins/route-schemas.ts';
import { createFaq } from './create-faq.ts';
import { deleteFaq } from './delete-faq.ts';
import { documentRoutes } from './document-routes.ts';
import { listFaqs } from './list-faqs.ts';
import { embeddingsRefresher } from './refresh-embeddings.ts';
import { updateFaq } from './update-faq.ts';

const params = idParamsSchema(FAQ_NOT_FOUND);

/**
 * /api/knowledge: the business's FAQ and documents (`/documents`) the AI answers from (docs/decisions/025-catalogue-and-price-guard.md,
 * section Conhecimento). Every row is the signed-in user's.
 */
export const knowledgeRoutes: FastifyPluginAsyncZod = async (app) => {
  requireUser(app);
  const { db, llm } = app.deps;
  const refresh = embeddingsRefresher({ db, embeddings: llm.embeddings });

  app.get('/faqs', { schema: { querystring: faqListQuerySchema, response: { 200: faqListSchema } } }, async (req) =>
    listFaqs({ db, accountId: req.user.id, q: req.query.q }),
  );

  app.post('/faqs', { schema: { body: faqInputSchema, response: { 201: faqSchema } } }, async (req, reply) => {
    const faq = await createFaq({ db, accountId: req.user.id, input: req.body });
    await refresh(req);
    return reply.status(201).send(faq);
  });

  app.put('/faqs/:id', { schema: { params, body: faqInputSchema, response: { 200: faqSchema } } }, async (req) => {
    const faq = await updateFaq({ db, accountId: req.user.id, id: req.params.id, input: req.body });
    await refresh(req);
    return faq;
  });

  app.delete('/faqs/:id', { schema: { params, response: { 204: noContentSchema } } }, async (req, reply) => {
    await deleteFaq({ db, accountId: req.user.id, id: req.params.id });
    return reply.status(204).send();
  });

  await app.register(documentRoutes, { prefix: '/documents' });
};
