import { type CapiStandin, startCapiStandin } from '@vendai/capi-standin';
import type { FastifyInstance } from 'fastify';
import type { CapiDeps } from './capi-deps.ts';
import { capiSealKey } from './capi-deps.ts';
import { capiSendJob } from './capi-job.ts';
import { listenForCapi } from './capi-listener.ts';
import { capiRoutes } from './capi-routes.ts';

/**
 * Meta's Conversions API for business messaging (docs/decisions/071-ad-attribution.md): the listener of the
 * engine's events and the send job in every process, /api/capi where people are served, and with
 * CAPI_STANDIN_ENABLED the local stand-in (refused in production), to which events then go. Decorates the app
 * (app.capi) for tests.
 */
export async function registerCapi(app: FastifyInstance, { routes = true }: { routes?: boolean } = {}) {
  const { env, db, events, jobs } = app.deps;
  const standin = env.CAPI_STANDIN_ENABLED === 'true' ? await startCapiStandin({ nodeEnv: env.NODE_ENV }) : null;
  if (standin) {
    app.addHook('onClose', async () => standin.close());
    app.log.info({ origin: standin.origin }, 'API de Conversões local (stand-in) ligada');
  }
  const deps: CapiDeps = {
    db,
    jobs,
    log: app.log.child({ module: 'meta-capi' }),
    sealKey: capiSealKey(env),
    baseUrl: standin?.origin ?? env.META_CAPI_BASE_URL,
    version: env.META_GRAPH_VERSION,
  };
  jobs.register(capiSendJob(deps));
  listenForCapi(events, deps);
  if (routes) await app.register(capiRoutes, { prefix: '/api/capi', deps });
  app.decorate('capi', { standin });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The Conversions API's local stand-in when it runs (tests). */
    capi: { standin: CapiStandin | null };
  }
}
