import {
  checkPhoneResultSchema,
  checkPhoneSchema,
  cloudMeterQuerySchema,
  cloudMeterSchema,
  connectCloudNumberSchema,
  connectedCloudNumberSchema,
  createdNumberSchema,
  createNumberSchema,
  expireResultSchema,
  idParamsSchema,
  noContentSchema,
  numberQrSchema,
  numberSchema,
  numberStateSchema,
  updateNumberSchema,
} from '@vendai/contracts';
import { z } from 'zod';
import { userRateLimit } from '../../plugins/rate-limits.ts';
import { OPEN_TO_TEAM, requireUser } from '../../plugins/require-user.ts';
import type { FastifyPluginAsyncZod } from '../../plugins/route-schemas.ts';
import { checkPhoneExists } from './check-phone-exists.ts';
import { connectCloudNumber } from './connect-cloud-number.ts';
import { createNumber } from './create-number.ts';
import { deleteNumber } from './delete-number.ts';
import { expireNumber } from './expire-number.ts';
import { getCloudMeter } from './get-cloud-meter.ts';
import { getNumberQr } from './get-number-qr.ts';
import { getNumberState } from './get-number-state.ts';
import { listNumbers } from './list-numbers.ts';
import { numbersDepsOf } from './numbers-deps.ts';
import { reconnectNumber } from './reconnect-number.ts';
import { updateNumber } from './update-number.ts';

/** A malformed id cannot be one of the user's numbers: 404 like an unknown one. */
const params = idParamsSchema();

/** /api/numbers: the signed-in user's WhatsApp numbers (docs/product/rules.md#states-and-transitions, docs/product/screens.md#whatsapp-numbers). */
export const numbersRoutes: FastifyPluginAsyncZod = async (app) => {
  requireUser(app);
  const deps = numbersDepsOf(app);
  const { db } = deps;

  app.get('/', { config: OPEN_TO_TEAM, schema: { response: { 200: z.array(numberSchema) } } }, async (req) =>
    listNumbers({ db, accountId: req.user.id }),
  );

  // The month's messages Meta accepted from each Cloud number, billable ones and an estimate in reais (decision 064).
  app.get(
    '/cloud-meter',
    { schema: { querystring: cloudMeterQuerySchema, response: { 200: cloudMeterSchema } } },
    async (req) => getCloudMeter(db, req.user.id, req.query.month),
  );

  app.post(
    '/check-phone',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { body: checkPhoneSchema, response: { 200: checkPhoneResultSchema } },
    },
    async (req) => checkPhoneExists({ db, accountId: req.user.id, input: req.body }),
  );

  app.post('/', { schema: { body: createNumberSchema, response: { 201: createdNumberSchema } } }, async (req, reply) =>
    reply.status(201).send(await createNumber({ deps, accountId: req.user.id, input: req.body })),
  );

  // Meta's Embedded Signup: the dialog's code becomes a connected Cloud API number. Limited per owner
  // (not per address: owners behind one office or carrier address connect independently).
  app.post(
    '/cloud',
    {
      config: userRateLimit(10),
      schema: { body: connectCloudNumberSchema, response: { 201: connectedCloudNumberSchema } },
    },
    async (req, reply) =>
      reply.status(201).send(await connectCloudNumber({ deps, accountId: req.user.id, input: req.body })),
  );

  app.get('/:id/qr', { schema: { params, response: { 200: numberQrSchema } } }, async (req) =>
    getNumberQr({ deps, accountId: req.user.id, id: req.params.id }),
  );

  app.get('/:id/state', { schema: { params, response: { 200: numberStateSchema } } }, async (req) =>
    getNumberState({ deps, accountId: req.user.id, id: req.params.id }),
  );

  app.post('/:id/expire', { schema: { params, response: { 200: expireResultSchema } } }, async (req) =>
    expireNumber({ deps, accountId: req.user.id, id: req.params.id, log: req.log }),
  );

  app.post('/:id/reconnect', { schema: { params, response: { 200: numberQrSchema } } }, async (req) =>
    reconnectNumber({ deps, accountId: req.user.id, id: req.params.id }),
  );

  app.patch('/:id', { schema: { params, body: updateNumberSchema, response: { 200: numberSchema } } }, async (req) =>
    updateNumber({ deps, accountId: req.user.id, id: req.params.id, input: req.body }),
  );

  app.delete('/:id', { schema: { params, response: { 204: noContentSchema } } }, async (req, reply) => {
    await deleteNumber({ deps, accountId: req.user.id, id: req.params.id, log: req.log });
    return reply.status(204).send();
  });
};
