import {
  fileResponseSchema,
  idParamsSchema,
  simApproveSchema,
  simChatDetailSchema,
  simChatParamsSchema,
  simChatViewSchema,
  simInstanceParamsSchema,
  simInstanceViewSchema,
  simSendAsCustomerSchema,
  simSendResultSchema,
} from '@vendai/contracts';
import { z } from 'zod';
import { sendNotFound } from '../plugins/error-handler.ts';
import type { FastifyPluginAsyncZod } from '../plugins/route-schemas.ts';
import type { Simulator } from './simulator.ts';

/** Media the page sends as a customer travel as base64 (8 MB files → ~11 MB). */
const SEND_BODY_LIMIT = 16 * 1024 * 1024;
/** Served inline only when the browser cannot run them (no SVG, no HTML); anything else downloads. */
const INLINE_TYPES = /^(image\/(png|jpe?g|gif|webp)|audio\/[\w.+-]+|video\/(mp4|webm|ogg))$/;

const params = simInstanceParamsSchema;

/**
 * The 'Simulador de WhatsApp' page's JSON API at /simulator/ui-api. Public on purpose: the page plays
 * the phone and the customers, not a signed-in user. Mounted only when the simulator is enabled.
 */
export function uiRoutes(simulator: Simulator): FastifyPluginAsyncZod {
  return async (app) => {
    app.setNotFoundHandler((_req, reply) => sendNotFound(reply));

    app.get('/instances', { schema: { response: { 200: z.array(simInstanceViewSchema) } } }, async () =>
      simulator.listInstanceViews(),
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

    app.get(
      '/media/:id',
      { schema: { params: idParamsSchema(), response: { 200: fileResponseSchema } } },
      async (req, reply) => {
        const media = await simulator.media(req.params.id);
        if (!media) return sendNotFound(reply);
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
