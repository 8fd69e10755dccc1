import type { FastifyPluginAsync } from 'fastify';
import type { SimApproveInput, SimSendAsCustomerInput } from '@vendai/contracts';
import { sendNotFound } from '../plugins/error-handler.ts';
import type { Simulator } from './simulator.ts';

/** Media the page sends as a customer travel as base64 (8 MB files → ~11 MB). */
const SEND_BODY_LIMIT = 16 * 1024 * 1024;
/** Served inline only when the browser cannot run them (no SVG, no HTML); anything else downloads. */
const INLINE_TYPES = /^(image\/(png|jpe?g|gif|webp)|audio\/[\w.+-]+|video\/(mp4|webm|ogg))$/;

/**
 * The 'Simulador de WhatsApp' page's JSON API at /simulator/ui-api. Public on purpose: the page plays
 * the phone and the customers, not a signed-in user. Mounted only when the simulator is enabled.
 */
export function uiRoutes(simulator: Simulator): FastifyPluginAsync {
  return async (app) => {
    app.setNotFoundHandler((_req, reply) => sendNotFound(reply));

    app.get('/instances', async () => simulator.listInstanceViews());
    app.get<{ Params: { name: string } }>('/instances/:name', async (req) => simulator.getInstanceView(req.params.name));
    app.post<{ Params: { name: string }; Body: SimApproveInput }>('/instances/:name/approve', async (req) => simulator.approve(req.params.name, req.body));
    app.post<{ Params: { name: string } }>('/instances/:name/disconnect', async (req) => simulator.disconnect(req.params.name));
    app.get<{ Params: { name: string } }>('/instances/:name/chats', async (req) => simulator.listChatViews(req.params.name));
    app.get<{ Params: { name: string; chatId: string } }>('/instances/:name/chats/:chatId', async (req) => simulator.openChat(req.params.name, req.params.chatId));
    app.post<{ Params: { name: string }; Body: SimSendAsCustomerInput }>(
      '/instances/:name/messages',
      { bodyLimit: SEND_BODY_LIMIT },
      async (req, reply) => reply.status(201).send(await simulator.sendAsCustomer(req.params.name, req.body)),
    );

    app.get<{ Params: { id: string } }>('/media/:id', async (req, reply) => {
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
    });
  };
}
