import {
  confirmOrderSchema,
  manualPixChargeSchema,
  orderDtoSchema,
  orderListSchema,
  pixSettingsSchema,
  savePixSettingsSchema,
} from '@vendai/contracts';
import { z } from 'zod';
import { needsPermission, OWNER_ONLY, requireUser } from '../../plugins/require-user.ts';
import type { FastifyPluginAsyncZod } from '../../plugins/route-schemas.ts';
import { confirmOrder, declineOrder } from './confirm-order.ts';
import { createManualCharge, listOrders } from './manual-charge.ts';
import { deletePixSettings, getPixSettings, savePixSettings } from './pix-account.ts';
import type { PixDeps } from './pix-deps.ts';

const orderParamsSchema = z.object({ id: z.uuid({ error: 'Pedido não encontrado.' }) });
const ordersQuerySchema = z.object({ convId: z.uuid({ error: 'Conversa inválida.' }).optional() });

/** /api/pix: Configurações → Pagamentos Pix, 'Cobrar com Pix', a conversation's orders and confirming one (the signed-in owner's only). */
export const pixRoutes: FastifyPluginAsyncZod<{ deps: PixDeps }> = async (app, { deps }) => {
  // Charges and orders are the team's (the inbox); the Pix settings stay the owner's (decision 044).
  requireUser(app, 'team');

  app.get('/settings', { config: OWNER_ONLY, schema: { response: { 200: pixSettingsSchema } } }, async (req) =>
    getPixSettings(deps, req.user.id),
  );
  app.put(
    '/settings',
    { config: OWNER_ONLY, schema: { body: savePixSettingsSchema, response: { 200: pixSettingsSchema } } },
    async (req) => savePixSettings(deps, req.user, req.body),
  );
  app.delete('/settings', { config: OWNER_ONLY, schema: { response: { 200: pixSettingsSchema } } }, async (req) =>
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
  // An order with an item 'sob consulta' waits for the owner: 'Confirmar e cobrar' or 'Recusar' — an
  // attendant only with the owner's leave (docs/decisions/052-attendant-permissions-and-number-claims.md).
  const quotePricing = needsPermission('quotePricing');
  app.post(
    '/orders/:id/confirm',
    {
      config: quotePricing,
      schema: { params: orderParamsSchema, body: confirmOrderSchema, response: { 200: orderDtoSchema } },
    },
    async (req) => confirmOrder(deps, req.user.id, req.params.id, req.body),
  );
  app.post(
    '/orders/:id/decline',
    { config: quotePricing, schema: { params: orderParamsSchema, response: { 200: orderDtoSchema } } },
    async (req) => declineOrder(deps, req.user.id, req.params.id),
  );
};
