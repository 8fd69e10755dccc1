import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { errorBodySchema, TIMING } from '@vendai/contracts';
import { z } from 'zod';
import { AppError } from '../lib/app-error.ts';
import { trustedOrigins } from '../integrations/auth/create-auth.ts';
import { readSessionUser } from '../plugins/require-user.ts';

/** Close codes the web connector understands. */
export const CLOSE_UNAUTHENTICATED = 4401;
/** The server lost its LISTEN connection for a moment: reconnect and refetch. */
export const CLOSE_RESYNC = 4409;
const CLOSE_GOING_AWAY = 1001;
const CLOSE_TOO_MANY = 4429;
/** A person with more tabs than this is unusual; beyond it new connections are refused. */
const MAX_SOCKETS_PER_USER = 50;
/** A client that cannot keep up (1 MiB unsent) is dropped; it reconnects and refetches. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/**
 * GET /api/realtime: the WebSocket that pushes the signed-in user's resource events.
 * - Upgrade needs the session cookie (401 otherwise) and, when the browser sends one, an Origin the
 *   app trusts (403 otherwise: no cross-site WebSocket hijacking).
 * - On open: `{"event":"hello"}`. Then each event as `{"event":"resource.action","data":{…}}`.
 * - Heartbeat every TIMING.realtimeHeartbeatMs: a WebSocket ping (a client that missed the previous
 *   pong is dropped) and a session re-check (signed out/expired → close 4401).
 * - A `member.removed` event naming the socket's person closes it at once (4401), in every process.
 * - The client may send `{"event":"ping"}` (or "ping"); the answer is `{"event":"pong"}`.
 */
export async function realtimeRoutes(app: FastifyInstance) {
  const hub = app.deps.realtime;
  const allowedOrigins = new Set(trustedOrigins(app.deps.env));
  const sockets = new Set<WebSocket>();
  const userSockets = new Map<string, number>();
  const countFor = (accountId: string) => userSockets.get(accountId) ?? 0;

  await hub.start();
  const stopResync = hub.onResync(() => {
    for (const socket of sockets) socket.close(CLOSE_RESYNC, 'resync');
  });
  // @fastify/websocket closes every client in its preClose hook; anything left is closed here.
  app.addHook('onClose', async () => {
    stopResync();
    for (const socket of sockets) socket.close(CLOSE_GOING_AWAY, 'server closing');
    await hub.close();
  });

  const authenticate = async (req: FastifyRequest) => {
    const origin = req.headers.origin;
    if (origin && !allowedOrigins.has(origin)) throw new AppError('FORBIDDEN');
    const user = await readSessionUser(app, req);
    if (!user) throw new AppError('UNAUTHENTICATED');
    req.user = user;
  };

  app.route({
    method: 'GET',
    url: '/api/realtime',
    // No params and no query string; the only HTTP answer is the 426 below (or 401/403 from authenticate).
    schema: { querystring: z.object({}), response: { 426: errorBodySchema } },
    preValidation: authenticate,
    // A plain HTTP GET (no upgrade): say what is expected instead of an empty 404.
    handler: (_req, reply) =>
      reply
        .status(426)
        .header('upgrade', 'websocket')
        .send({ error: { code: 'VALIDATION', message: 'Este endereço aceita apenas conexões WebSocket.' } }),
    wsHandler: (socket, req) => {
      const accountId = req.user.id;
      const ownSockets = countFor(accountId);
      if (ownSockets >= MAX_SOCKETS_PER_USER) {
        socket.close(CLOSE_TOO_MANY, 'too many connections');
        return;
      }
      sockets.add(socket);
      userSockets.set(accountId, ownSockets + 1);

      const actorId = req.user.actorId;
      const unsubscribe = hub.subscribe(accountId, (event, json) => {
        if (socket.readyState !== socket.OPEN) return;
        // This person was removed from the account: nothing more of it reaches them (the event comes
        // before any later one of the account: realtime/notify-in-transaction.ts).
        if (event.event === 'member.removed' && event.data.userId === actorId) {
          socket.close(CLOSE_UNAUTHENTICATED, 'membership ended');
          return;
        }
        if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
          socket.terminate();
          return;
        }
        socket.send(json);
      });

      let alive = true;
      socket.on('pong', () => {
        alive = true;
      });
      socket.on('message', (data, isBinary) => {
        if (isBinary) return;
        const text = data.toString();
        if (text === 'ping' || text === '{"event":"ping"}') socket.send('{"event":"pong"}');
      });
      const heartbeat = setInterval(() => {
        if (!alive) {
          socket.terminate();
          return;
        }
        alive = false;
        socket.ping();
        readSessionUser(app, req)
          .then((user) => {
            if (user?.id !== accountId && socket.readyState === socket.OPEN)
              socket.close(CLOSE_UNAUTHENTICATED, 'session ended');
          })
          .catch((err: Error) => req.log.warn({ err: err.message }, 'realtime: session re-check failed'));
      }, TIMING.realtimeHeartbeatMs);

      socket.on('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
        if (sockets.delete(socket)) {
          const left = countFor(accountId) - 1;
          if (left > 0) userSockets.set(accountId, left);
          else userSockets.delete(accountId);
        }
      });
      socket.on('error', (err) => req.log.debug({ err: err.message }, 'realtime: socket error'));

      socket.send('{"event":"hello"}');
    },
  });
}
