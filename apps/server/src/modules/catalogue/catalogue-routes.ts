import {
  AGENT_NOT_FOUND_MESSAGE,
  CATALOGUE_ITEM_NOT_FOUND,
  CATALOGUE_PHOTO_INVALID,
  CATALOGUE_PHOTO_MAX_BYTES,
  catalogueArchiveSchema,
  catalogueItemInputSchema,
  catalogueItemPatchSchema,
  catalogueItemSchema,
  catalogueListQuerySchema,
  catalogueListSchema,
  fileUploadBodySchema,
  idParamsSchema,
  priceGuardSettingsSchema,
} from '@vendai/contracts';
import { AppError } from '../../lib/app-error.ts';
import { requireUser } from '../../plugins/require-user.ts';
import type { FastifyPluginAsyncZod } from '../../plugins/route-schemas.ts';
import { archiveCatalogueItem } from './archive-catalogue-item.ts';
import { catalogueImportRoutes } from './catalogue-import-routes.ts';
import { createCatalogueItem } from './create-catalogue-item.ts';
import { duplicateCatalogueItem } from './duplicate-catalogue-item.ts';
import { getPriceGuardSettings } from './get-price-guard-settings.ts';
import { listCatalogue } from './list-catalogue.ts';
import { patchCatalogueItem } from './patch-catalogue-item.ts';
import { updateCatalogueItem } from './update-catalogue-item.ts';
import { updatePriceGuardSettings } from './update-price-guard-settings.ts';
import { CATALOGUE_PHOTO_TYPES, uploadCataloguePhoto } from './upload-catalogue-photo.ts';

const params = idParamsSchema(CATALOGUE_ITEM_NOT_FOUND);
const agentParams = idParamsSchema(AGENT_NOT_FOUND_MESSAGE);

/**
 * /api/catalogue: the business's products and services and the price guard's per-agent rules
 * (docs/decisions/025-catalogue-and-price-guard.md). Every row is the signed-in user's.
 */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  requireUser(app);
  const { db, storage } = app.deps;
  // Photos arrive as the request's raw bytes (this plugin's routes only).
  app.addContentTypeParser(
    [...CATALOGUE_PHOTO_TYPES],
    { parseAs: 'buffer', bodyLimit: CATALOGUE_PHOTO_MAX_BYTES + 1024 },
    (_req, body, done) => done(null, body),
  );

  await app.register(catalogueImportRoutes, { prefix: '/import' });

  app.get(
    '/',
    { schema: { querystring: catalogueListQuerySchema, response: { 200: catalogueListSchema } } },
    async (req) => listCatalogue({ db, accountId: req.user.id, query: req.query }),
  );

  app.post(
    '/',
    { schema: { body: catalogueItemInputSchema, response: { 201: catalogueItemSchema } } },
    async (req, reply) =>
      reply.status(201).send(await createCatalogueItem({ db, accountId: req.user.id, input: req.body })),
  );

  app.put(
    '/:id',
    { schema: { params, body: catalogueItemInputSchema, response: { 200: catalogueItemSchema } } },
    async (req) => updateCatalogueItem({ db, accountId: req.user.id, id: req.params.id, input: req.body }),
  );

  app.patch(
    '/:id',
    { schema: { params, body: catalogueItemPatchSchema, response: { 200: catalogueItemSchema } } },
    async (req) => patchCatalogueItem({ db, accountId: req.user.id, id: req.params.id, patch: req.body }),
  );

  app.post('/:id/duplicate', { schema: { params, response: { 201: catalogueItemSchema } } }, async (req, reply) =>
    reply.status(201).send(await duplicateCatalogueItem({ db, accountId: req.user.id, id: req.params.id })),
  );

  app.post(
    '/:id/archive',
    { schema: { params, body: catalogueArchiveSchema, response: { 200: catalogueItemSchema } } },
    async (req) => archiveCatalogueItem({ db, accountId: req.user.id, id: req.params.id, archived: req.body.archived }),
  );

  app.put(
    '/:id/photo',
    {
      bodyLimit: CATALOGUE_PHOTO_MAX_BYTES + 1024,
      schema: { params, body: fileUploadBodySchema, response: { 200: catalogueItemSchema } },
    },
    async (req) => {
      const mimetype = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (!Buffer.isBuffer(req.body))
        throw new AppError('VALIDATION', CATALOGUE_PHOTO_INVALID, { fields: { photo: CATALOGUE_PHOTO_INVALID } });
      return uploadCataloguePhoto({ db, storage, accountId: req.user.id, id: req.params.id, mimetype, data: req.body });
    },
  );

  app.get(
    '/agents/:id/price-guard',
    { schema: { params: agentParams, response: { 200: priceGuardSettingsSchema } } },
    async (req) => getPriceGuardSettings({ db, accountId: req.user.id, agentId: req.params.id }),
  );

  app.put(
    '/agents/:id/price-guard',
    { schema: { params: agentParams, body: priceGuardSettingsSchema, response: { 200: priceGuardSettingsSchema } } },
    async (req) => updatePriceGuardSettings({ db, accountId: req.user.id, agentId: req.params.id, input: req.body }),
  );
};
