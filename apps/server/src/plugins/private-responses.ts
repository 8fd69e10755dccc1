import type { FastifyInstance } from 'fastify';

/**
 * API answers hold personal data (account, conversations, messages, agents…): no browser or proxy
 * cache may keep them, so every /api response gets `Cache-Control: no-store` — unless its route chose
 * a private policy itself (contact pictures, immutable media files: `private, max-age=…`).
 */
export function registerPrivateResponses(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
