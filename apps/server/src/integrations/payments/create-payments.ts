import type { FastifyInstance } from 'fastify';
import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { Payments } from './payments.ts';
import { type PaymentsStandin, STANDIN_OVERAGE_PRICE, standinPriceId, startPaymentsStandin } from './standin/index.ts';
import { createStripePayments } from './stripe-payments.ts';

/** The paid plans' slugs and the variable that holds each one's Stripe price id. */
export function configuredPriceIds(env: Env, paidSlugs: string[]): Record<string, string> {
  const ids: Record<string, string> = {};
  for (const slug of paidSlugs) {
    const id =
      slug === 'expansao-ia'
        ? env.STRIPE_PRICE_EXPANSAO_IA
        : slug.startsWith('consciencia-')
          ? env.STRIPE_PRICE_CONSCIENCIA
          : undefined;
    if (id) ids[slug] = id;
  }
  return ids;
}

/**
 * Payments chosen by the environment (env.paymentsMode): Stripe with the configured keys, the local
 * stand-in (started here), or null when payments are off.
 */
export async function createPayments(
  app: FastifyInstance,
  { env, db, paidSlugs }: { env: Env; db: Db; paidSlugs: string[] },
): Promise<{ payments: Payments | null; standin: PaymentsStandin | null }> {
  if (env.paymentsMode === 'stripe') {
    const payments = createStripePayments({
      kind: 'stripe',
      secretKey: env.STRIPE_SECRET_KEY!,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
      priceIds: configuredPriceIds(env, paidSlugs),
      overagePriceId: env.STRIPE_PRICE_OVERAGE!,
      meterEventName: env.STRIPE_METER_EVENT_NAME,
    });
    return { payments, standin: null };
  }
  if (env.paymentsMode === 'off') return { payments: null, standin: null };
  const standin = await startPaymentsStandin(app, { db, appUrl: env.appUrl, authSecret: env.authSecret });
  const payments = createStripePayments({
    kind: 'standin',
    secretKey: standin.secretKey,
    webhookSecret: standin.webhookSecret,
    priceIds: Object.fromEntries(paidSlugs.map((slug) => [slug, standinPriceId(slug)])),
    overagePriceId: STANDIN_OVERAGE_PRICE,
    meterEventName: env.STRIPE_METER_EVENT_NAME,
    endpoint: standin.endpoint,
  });
  return { payments, standin };
}
