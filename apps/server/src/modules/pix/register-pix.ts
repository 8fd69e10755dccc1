import type { FastifyInstance } from 'fastify';
import { PIX_MERCADOPAGO_LOCAL } from '../../config/env.ts';
import { chargeOrderJob } from '../../domain/orders/charge-order-job-type.ts';
import { defineJob } from '../../jobs/job.ts';
import {
  mountPixStandin,
  pixStandinEnabled,
  type PixStandin,
} from '../../integrations/pix/standin/mount-pix-standin.ts';
import { chargeOrder } from './charge-order.ts';
import { listenForDepositEnds } from './deposit-release.ts';
import { checkCharge, checkChargeJob } from './check-charge.ts';
import { sweepOrders, sweepOrdersJob } from './sweep-orders.ts';
import { rereadPixEvent } from './receive-pix-webhook.ts';
import { rereadPixEventJob } from './reread-event-job.ts';
import { type PixDeps, pixSealKey } from './pix-deps.ts';
import { pixRoutes } from './pix-routes.ts';
import { pixWebhookRoutes } from './pix-webhook-routes.ts';

/**
 * Pix charges in the chat (docs/decisions/038-pix-charges.md): the local Pix stand-in outside
 * production, /api/pix, /webhooks/pix, the charge job and the sweep that resumes stuck orders
 * (docs/decisions/055-pix-orders-state-machine.md). Decorates the app (app.pix) for tests.
 */
export async function registerPix(app: FastifyInstance, { routes = true }: { routes?: boolean } = {}) {
  const { env } = app.deps;
  const standin = pixStandinEnabled(env) ? await mountPixStandin(app, { env, database: app.deps.database }) : null;
  // PIX_MERCADOPAGO_URL=local: Mercado Pago's calls go to the stand-in, which must then be on.
  const mercadoPagoLocal = env.PIX_MERCADOPAGO_URL === PIX_MERCADOPAGO_LOCAL;
  if (mercadoPagoLocal && !standin)
    throw new Error('PIX_MERCADOPAGO_URL=local precisa do Pix local de teste, que só liga fora de produção.');
  const deps: PixDeps = {
    db: app.deps.db,
    env,
    log: app.log.child({ module: 'pix' }),
    gateway: app.deps.gateway,
    mailer: app.deps.mailer,
    jobs: app.deps.jobs,
    realtime: app.deps.realtime,
    events: app.deps.events,
    storage: app.deps.storage,
    sealKey: pixSealKey(env),
    endpoints: {
      asaasUrl: env.PIX_ASAAS_URL,
      mercadoPagoUrl: mercadoPagoLocal ? standin!.baseUrl : env.PIX_MERCADOPAGO_URL,
      standinUrl: standin?.baseUrl ?? null,
    },
  };
  app.deps.jobs.register(
    defineJob(chargeOrderJob, async ({ orderId }) => {
      await chargeOrder(deps, orderId);
    }),
  );
  app.deps.jobs.register(defineJob(checkChargeJob, async ({ orderId }) => checkCharge(deps, orderId)));
  app.deps.jobs.register(defineJob(rereadPixEventJob, async (job) => rereadPixEvent(deps, job)));
  app.deps.jobs.register(
    defineJob(sweepOrdersJob, async () => {
      await sweepOrders(deps);
    }),
  );
  // A deposit's order ends with its booking (docs/decisions/074-agenda-deposit.md).
  listenForDepositEnds(app.deps.events, deps);
  if (routes) {
    await app.register(pixRoutes, { prefix: '/api/pix', deps });
    await app.register(pixWebhookRoutes, { prefix: '/webhooks/pix', deps });
  }
  app.decorate('pix', { deps, standin });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Pix internals for tests and operations. */
    pix: { deps: PixDeps; standin: PixStandin | null };
  }
}
