import {
  documentEditSchema,
  documentListSchema,
  DOCUMENT_NOT_FOUND,
  documentPassagesSchema,
  documentPdfQuerySchema,
  documentRenameSchema,
  documentTextInputSchema,
  fileUploadBodySchema,
  idParamsSchema,
  KNOWLEDGE_DOCUMENT_LIMITS,
  knowledgeDocumentSchema,
  noContentSchema,
} from '@vendai/contracts';
import type { FastifyPluginAsyncZod } from '../../plugins/route-schemas.ts';
import { addDocument } from './add-document.ts';
import { deleteDocument } from './delete-document.ts';
import { editDocument } from './edit-document.ts';
import { getDocument } from './get-document.ts';
import { listDocuments } from './list-documents.ts';
import { readDocumentPdf } from './read-document-pdf.ts';
import { embeddingsRefresher } from './refresh-embeddings.ts';
import { renameDocument } from './rename-document.ts';

const params = idParamsSchema(DOCUMENT_NOT_FOUND);
const PDF_BODY_LIMIT = KNOWLEDGE_DOCUMENT_LIMITS.pdfMaxBytes + 1024;

/**
 * /api/knowledge/documents: the owner's documents, kept as passages the AI reads
 * (docs/decisions/025-catalogue-and-price-guard.md, section Conhecimento). Text and a page's text are
 * pasted (JSON); a PDF arrives as the request's raw bytes. Nothing is fetched from an address.
 */
export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, llm } = app.deps;
  const refresh = embeddingsRefresher({ db, embeddings: llm.embeddings });
  app.addContentTypeParser(
    ['application/pdf', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: PDF_BODY_LIMIT },
    (_req, body, done) => done(null, body),
  );

  app.get('/', { schema: { response: { 200: documentListSchema } } }, async (req) =>
    listDocuments({ db, accountId: req.user.id }),
  );

  app.post(
    '/',
    { schema: { body: documentTextInputSchema, response: { 201: knowledgeDocumentSchema } } },
    async (req, reply) => {
      const { title, kind, text } = req.body;
      const doc = await addDocument({ db, accountId: req.user.id, title, kind, text });
      await refresh(req);
      return reply.status(201).send(doc);
    },
  );

  app.post(
    '/pdf',
    {
      bodyLimit: PDF_BODY_LIMIT,
      schema: {
        querystring: documentPdfQuerySchema,
        body: fileUploadBodySchema,
        response: { 201: knowledgeDocumentSchema },
      },
    },
    async (req, reply) => {
      const data = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const text = await readDocumentPdf(data);
      const title = req.query.title ?? 'Documento PDF';
      const doc = await addDocument({ db, accountId: req.user.id, title, kind: 'pdf', text });
      await refresh(req);
      return reply.status(201).send(doc);
    },
  );

  app.get('/:id', { schema: { params, response: { 200: documentPassagesSchema } } }, async (req) =>
    getDocument({ db, accountId: req.user.id, id: req.params.id }),
  );

  app.patch(
    '/:id',
    { schema: { params, body: documentRenameSchema, response: { 200: knowledgeDocumentSchema } } },
    async (req) => {
      const doc = await renameDocument({ db, accountId: req.user.id, id: req.params.id, title: req.body.title });
      await refresh(req);
      return doc;
    },
  );

  app.put(
    '/:id',
    { schema: { params, body: documentEditSchema, response: { 200: knowledgeDocumentSchema } } },
    async (req) => {
      const doc = await editDocument({ db, accountId: req.user.id, id: req.params.id, ...req.body });
      await refresh(req);
      return doc;
    },
  );

  app.delete('/:id', { schema: { params, response: { 204: noContentSchema } } }, async (req, reply) => {
    await deleteDocument({ db, accountId: req.user.id, id: req.params.id });
    return reply.status(204).send();
  });
};
