import {
  manualPixChargeSchema,
  orderDtoSchema,
  orderListSchema,
  pixSettingsSchema,
  savePixSettingsSchema,
} from '@vendai/contracts';
import { z } from 'zod';
import { requireUser } from '../../plugins/require-user.ts';
import type { FastifyPluginAsyncZod } from '../../plugins/route-schemas.ts';
import { createManualCharge, listOrders } from './manual-charge.ts';
import { deletePixSettings, getPixSettings, savePixSettings } from './pix-account.ts';
import type { PixDeps } from './pix-deps.ts';

const ordersQuerySchema = z.object({ convId: z.uuid({ error: 'Conversa inválida.' }).optional() });

/** /api/pix: Configurações → Pagamentos Pix, 'Cobrar com Pix' and a conversation's orders (the signed-in owner's only). */
export const pixRoutes: FastifyPluginAsyncZod<{ deps: PixDeps }> = async (app, { deps }) => {
  requireUser(app);

  app.get('/settings', { schema: { response: { 200: pixSettingsSchema } } }, async (req) =>
    getPixSettings(deps, req.user.id),
  );
  app.put('/settings', { schema: { body: savePixSettingsSchema, response: { 200: pixSettingsSchema } } }, async (req) =>
    savePixSettings(deps, req.user, req.body),
  );
  app.delete('/settings', { schema: { response: { 200: pixSettingsSchema } } }, async (req) =>
    deletePixSettings(deps, req.user.id),
  );

  app.post(
    '/charges',
    { schema: { body: manualPixChargeSchema, response: { 201: orderDtoSchema } } },
    async (req, reply) => reply.status(201).send(await createManualCharge(deps, req.user.id, req.body)),
  );
  app.get(
    '/orders',
    { schema: { querystring: ordersQuerySchema, response: { 200: orderListSchema } } },
    async (req) => ({
      orders: await listOrders(deps, req.user.id, req.query.convId),
    }),
  );
};
