import type { FastifyInstance } from 'fastify';
import type { Env } from '../../config/env.ts';
import { type PaymentsStandin, STANDIN_OVERAGE_PRICE, standinPriceId } from '@vendai/payments-standin';
import type { Database } from '../../db/client.ts';
import type { Payments } from './payments.ts';
import { mountPaymentsStandin } from './standin/mount-standin.ts';
import { createStripePayments, loadStripeSdk } from './stripe-payments.ts';

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
  { env, database, paidSlugs }: { env: Env; database: Database; paidSlugs: string[] },
): Promise<{ payments: Payments | null; standin: PaymentsStandin | null }> {
  if (env.paymentsMode === 'stripe') {
    const payments = createStripePayments(
      {
        kind: 'stripe',
        secretKey: env.STRIPE_SECRET_KEY!,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
        priceIds: configuredPriceIds(env, paidSlugs),
        overagePriceId: env.STRIPE_PRICE_OVERAGE!,
        meterEventName: env.STRIPE_METER_EVENT_NAME,
      },
      await loadStripeSdk(),
    );
    return { payments, standin: null };
  }
  if (env.paymentsMode === 'off') return { payments: null, standin: null };
  const standin = await mountPaymentsStandin(app, { env, database });
  const payments = createStripePayments(
    {
      kind: 'standin',
      secretKey: standin.secretKey,
      webhookSecret: standin.webhookSecret,
      priceIds: Object.fromEntries(paidSlugs.map((slug) => [slug, standinPriceId(slug)])),
      overagePriceId: STANDIN_OVERAGE_PRICE,
      meterEventName: env.STRIPE_METER_EVENT_NAME,
      endpoint: standin.endpoint,
    },
    await loadStripeSdk(),
  );
  return { payments, standin };
}
