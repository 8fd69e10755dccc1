import type { PaymentsStandin } from '@vendai/payments-standin';
import type { FastifyInstance } from 'fastify';
import { createPayments } from '../../integrations/payments/create-payments.ts';
import type { Payments } from '../../integrations/payments/payments.ts';
import type { BillingDeps } from './billing-deps.ts';
import { billingRoutes } from './billing-routes.ts';
import { listActivePlans, syncPlanPriceIds } from './billing-repository.ts';
import { registerMeterJob } from './meter-job.ts';
import { stripeWebhookRoutes } from './stripe-webhook-routes.ts';

/**
 * Plans and billing (docs/decisions/012-payments-stripe-and-local-stand-in.md): payments from the environment (Stripe, the local stand-in, or off),
 * the plans' price ids, /api/billing, /webhooks/stripe and the overage job.
 */
export async function registerBilling(
  app: FastifyInstance,
  { routes = true }: { routes?: boolean } = {},
): Promise<{ payments: Payments | null; standin: PaymentsStandin | null }> {
  const { env, db } = app.deps;
  const paidSlugs = (await listActivePlans(db)).filter((p) => (p.priceCents ?? 0) > 0).map((p) => p.slug);
  const { payments, standin } = await createPayments(app, { env, database: app.deps.database, paidSlugs });
  await syncPlanPriceIds(db, payments?.priceIds ?? {});
  const deps: BillingDeps = { db, env, payments, log: app.log.child({ module: 'billing' }) };

  // A worker process (docs/decisions/030-process-roles.md) only runs the meter job.
  if (routes) {
    await app.register(billingRoutes, { prefix: '/api/billing', deps });
    await app.register(stripeWebhookRoutes, { prefix: '/webhooks/stripe', deps });
  }

  // The overage meter: a cron job (meter-job.ts), also run once at start.
  const meter = payments ? registerMeterJob(app.deps.jobs, deps, env.BILLING_METER_INTERVAL_SECONDS) : null;
  app.addHook('onReady', async () => {
    if (meter)
      await app.deps.jobs
        .send(meter.type, {})
        .catch((err) => deps.log.warn({ err }, 'payments: the meter pass at start was not queued'));
  });
  app.decorate('billing', {
    deps,
    standin,
    runMeterCycle: () => meter?.runNow() ?? Promise.resolve({ queued: 0, reported: 0, failed: 0 }),
  });
  return { payments, standin };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Billing internals for tests and operations (the overage job's pass on demand). */
    billing: {
      deps: BillingDeps;
      standin: PaymentsStandin | null;
      runMeterCycle(): Promise<{ queued: number; reported: number; failed: number }>;
    };
  }
}
