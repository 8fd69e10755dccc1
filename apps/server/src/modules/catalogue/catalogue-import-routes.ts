import {
  fileUploadBodySchema,
  IMPORT_MAX_BYTES,
  importPlanSchema,
  importReadSchema,
  importRequestSchema,
  importResultSchema,
} from '@vendai/contracts';
import { claimAiAssist } from '../../domain/usage/ai-assists.ts';
import { userRateLimit } from '../../plugins/rate-limits.ts';
import { requireUser } from '../../plugins/require-user.ts';
import type { FastifyPluginAsyncZod } from '../../plugins/route-schemas.ts';
import { applyCatalogueImport } from './apply-catalogue-import.ts';
import { previewCatalogueImport } from './preview-catalogue-import.ts';
import { readPriceList } from './read-price-list.ts';
import { readSpreadsheet, SPREADSHEET_TYPES } from './read-spreadsheet.ts';

/** Reads of a price list a minute per owner (a PDF or a photo is also an AI assist, decision 050). */
const READS_PER_MINUTE = 20;

/**
 * /api/catalogue/import: a CSV or XLSX price list → its table and a guessed column mapping (`read`; a
 * PDF or a photo is read by the AI into such a table),
 * what it would change (`preview`), then `apply` in one transaction (decision 025).
 */
export const catalogueImportRoutes: FastifyPluginAsyncZod = async (app) => {
  requireUser(app);
  const { db, llm, mediaAi } = app.deps;
  // Images are parsed by the parent plugin (catalogue photos); PDFs and spreadsheets here.
  app.addContentTypeParser(
    [...SPREADSHEET_TYPES.xlsx, 'text/csv', 'application/csv', 'application/octet-stream', 'application/pdf'],
    { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES + 1024 },
    (_req, body, done) => done(null, body),
  );

  app.post(
    '/read',
    {
      bodyLimit: IMPORT_MAX_BYTES + 1024,
      config: userRateLimit(
        READS_PER_MINUTE,
        'Muitas leituras de listas em pouco tempo. Aguarde um minuto e tente novamente.',
      ),
      schema: { body: fileUploadBodySchema, response: { 200: importReadSchema } },
    },
    async (req) => {
      const mimetype = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      const data = Buffer.isBuffer(req.body) ? req.body : Buffer.from(typeof req.body === 'string' ? req.body : '');
      // A PDF or a photo of a price list is read by the AI into the same kind of table (reviewed before import).
      if (mimetype === 'application/pdf' || mimetype.startsWith('image/'))
        return readPriceList({
          llm,
          mediaAi,
          data,
          mimetype,
          claim: () => claimAiAssist(db, req.user.id, 'price-list'),
        });
      return readSpreadsheet(data, mimetype);
    },
  );

  app.post('/preview', { schema: { body: importRequestSchema, response: { 200: importPlanSchema } } }, async (req) =>
    previewCatalogueImport({ db, accountId: req.user.id, request: req.body }),
  );

  app.post('/apply', { schema: { body: importRequestSchema, response: { 200: importResultSchema } } }, async (req) =>
    applyCatalogueImport({ db, accountId: req.user.id, request: req.body }),
  );
};
