import { type PushStandin, startPushStandin } from '@vendai/push-standin';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../../config/env.ts';
import { listenForWebPush } from './push-listener.ts';
import { vapidKeysOf } from './vapid-keys.ts';
import { webPushRoutes } from './web-push-routes.ts';

/** PUSH_STANDIN_ENABLED=true mounts the local push service stand-in (refused in production by the stand-in). */
const pushStandinEnabled = (env: Env) => env.PUSH_STANDIN_ENABLED === 'true';

/**
 * Web Push (docs/decisions/067-web-push.md): the VAPID keys, the listener of the engine's events (in
 * every process: the events job runs in a worker), /api/push where people are served, and with
 * PUSH_STANDIN_ENABLED the local push service stand-in, whose endpoints are then accepted. Decorates the
 * app (app.webPush) for tests.
 */
export async function registerWebPush(app: FastifyInstance, { routes = true }: { routes?: boolean } = {}) {
  const { env, db, events } = app.deps;
  const vapid = vapidKeysOf(env);
  const standin = pushStandinEnabled(env) ? await startPushStandin({ nodeEnv: env.NODE_ENV }) : null;
  if (standin) {
    app.addHook('onClose', async () => standin.close());
    app.log.info({ origin: standin.origin }, 'serviço de push local (stand-in) ligado');
  }
  if (vapid)
    listenForWebPush(events, {
      db,
      log: app.log.child({ module: 'web-push' }),
      vapid,
      agentFor: (endpoint) => (standin && endpoint.startsWith(`${standin.origin}/`) ? standin.agent : undefined),
    });
  if (routes)
    await app.register(webPushRoutes, {
      prefix: '/api/push',
      deps: { db, publicKey: vapid?.publicKey ?? null, localOrigins: standin ? [standin.origin] : [] },
    });
  app.decorate('webPush', { publicKey: vapid?.publicKey ?? null, standin });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Web Push internals for tests: the VAPID public key and the local push stand-in when it runs. */
    webPush: { publicKey: string | null; standin: PushStandin | null };
  }
}
