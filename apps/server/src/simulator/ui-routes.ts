import {
  fileResponseSchema,
  idParamsSchema,
  simApproveSchema,
  simDeliveryFaultsResultSchema,
  simDeliveryFaultsSchema,
  simChatDetailSchema,
  simChatParamsSchema,
  simChatViewSchema,
  simInstanceParamsSchema,
  simInstanceViewSchema,
  simSendAsCustomerSchema,
  simSendResultSchema,
} from '@vendai/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../lib/app-error.ts';
import { sendNotFound } from '../plugins/error-handler.ts';
import type { FastifyPluginAsyncZod } from '../plugins/route-schemas.ts';
import { SIM_INSTANCE_NOT_FOUND } from './simulator-config.ts';
import type { Simulator } from './simulator.ts';

/**
 * What the app tells the simulator about the person on its page. The simulator keeps no accounts:
 * the app reads its own session cookie and its own numbers.
 */
export interface SimulatorPageAccess {
  /** The signed-in account behind the request's session cookie, or null when signed out. */
  accountOf(req: FastifyRequest): Promise<string | null>;
  /** The gateway instance names of that account's numbers: all the page may show or act on. */
  instancesOf(accountId: string): Promise<string[]>;
}

/** Media the page sends as a customer travel as base64 (8 MB files → ~11 MB). */
const SEND_BODY_LIMIT = 16 * 1024 * 1024;
/** Served inline only when the browser cannot run them (no SVG, no HTML); anything else downloads. */
const INLINE_TYPES = /^(image\/(png|jpe?g|gif|webp)|audio\/[\w.+-]+|video\/(mp4|webm|ogg))$/;

const params = simInstanceParamsSchema;

/**
 * The 'Simulador de WhatsApp' page's JSON API at /simulator/ui-api. The page plays the phone and the
 * customers of the signed-in account's own numbers: signed out is 401 before any input is read, and
 * another account's connection, chat or media is 404, like one that does not exist. Mounted only
 * when the simulator is enabled.
 */
export function uiRoutes(simulator: Simulator, access: SimulatorPageAccess): FastifyPluginAsyncZod {
  return async (app) => {
    const owned = new WeakMap<FastifyRequest, ReadonlySet<string>>();
    const ownedBy = (req: FastifyRequest) => owned.get(req) ?? new Set<string>();
    // onRequest: a signed-out request is 401 before its body is read or its params checked (no probing).
    app.addHook('onRequest', async (req) => {
      const accountId = await access.accountOf(req);
      if (!accountId) throw new AppError('UNAUTHENTICATED');
      owned.set(req, new Set(await access.instancesOf(accountId)));
    });
    app.addHook('preHandler', async (req) => {
      const name = (req.params as { name?: string } | undefined)?.name;
      if (name !== undefined && !ownedBy(req).has(name)) throw new AppError('NOT_FOUND', SIM_INSTANCE_NOT_FOUND);
    });
    app.setNotFoundHandler((_req, reply) => sendNotFound(reply));

    app.get('/instances', { schema: { response: { 200: z.array(simInstanceViewSchema) } } }, async (req) =>
      simulator.listInstanceViews(ownedBy(req)),
    );

    app.get('/instances/:name', { schema: { params, response: { 200: simInstanceViewSchema } } }, async (req) =>
      simulator.getInstanceView(req.params.name),
    );

    app.post(
      '/instances/:name/approve',
      { schema: { params, body: simApproveSchema, response: { 200: simInstanceViewSchema } } },
      async (req) => simulator.approve(req.params.name, req.body),
    );

    app.post(
      '/instances/:name/disconnect',
      { schema: { params, response: { 200: simInstanceViewSchema } } },
      async (req) => simulator.disconnect(req.params.name),
    );

    app.get(
      '/instances/:name/chats',
      { schema: { params, response: { 200: z.array(simChatViewSchema) } } },
      async (req) => simulator.listChatViews(req.params.name),
    );

    app.get(
      '/instances/:name/chats/:chatId',
      { schema: { params: simChatParamsSchema, response: { 200: simChatDetailSchema } } },
      async (req) => simulator.openChat(req.params.name, req.params.chatId),
    );

    app.post(
      '/instances/:name/messages',
      {
        bodyLimit: SEND_BODY_LIMIT,
        schema: { params, body: simSendAsCustomerSchema, response: { 201: simSendResultSchema } },
      },
      async (req, reply) => reply.status(201).send(await simulator.sendAsCustomer(req.params.name, req.body)),
    );

    app.post(
      '/instances/:name/delivery-faults',
      { schema: { params, body: simDeliveryFaultsSchema, response: { 200: simDeliveryFaultsResultSchema } } },
      async (req) => simulator.queueDeliveryFaults(req.params.name, req.body.kind, req.body.count),
    );

    app.get(
      '/media/:id',
      { schema: { params: idParamsSchema(), response: { 200: fileResponseSchema } } },
      async (req, reply) => {
        const media = await simulator.media(req.params.id);
        if (!media || !ownedBy(req).has(media.instanceName)) return sendNotFound(reply);
        const mimetype = media.mimetype.split(';')[0]!.trim().toLowerCase();
        const inline = INLINE_TYPES.test(mimetype);
        reply.header('cache-control', 'private, max-age=3600');
        reply.header('content-security-policy', "default-src 'none'; sandbox");
        if (!inline) {
          const name = (media.fileName ?? 'arquivo').replace(/[^\w.\- ]/g, '_');
          reply.header('content-disposition', `attachment; filename="${name}"`);
        }
        return reply.type(inline ? media.mimetype : 'application/octet-stream').send(media.bytes);
      },
    );
  };
}
