import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { STANDIN_PAGES_PREFIX, startStandinApi } from './standin-api.ts';
import { createStandinLifecycle, type StandinLifecycle } from './standin-events.ts';
import { standinPages } from './standin-pages.ts';
import { createStandinStore, type StandinStore } from './standin-store.ts';

/** Price ids of the stand-in: one per paid plan slug, and the metered overage price. */
export const STANDIN_OVERAGE_PRICE = 'price_local_overage';
export const standinPriceId = (slug: string) => `price_local_${slug}`;

/** The stand-in's API key and webhook signing secret, derived from AUTH_SECRET. */
export function standinKeys(authSecret: string): { secretKey: string; webhookSecret: string } {
  const derive = (label: string) =>
    createHmac('sha256', authSecret).update(`payments-standin:${label}`).digest('hex').slice(0, 32);
  return { secretKey: `sk_local_${derive('key')}`, webhookSecret: `whsec_local_${derive('webhook')}` };
}

export interface PaymentsStandin {
  endpoint: { host: string; port: number; protocol: 'http' };
  secretKey: string;
  webhookSecret: string;
  store: StandinStore;
  lifecycle: StandinLifecycle;
}

/**
 * Starts the local payments stand-in (no Stripe account needed): its Stripe-compatible REST server
 * on 127.0.0.1 (a free port), and its checkout and portal pages under /pagamentos-local in the app.
 * Keys are derived from AUTH_SECRET, so they differ per installation and never need configuring.
 */
export async function startPaymentsStandin(
  app: FastifyInstance,
  o: { db: Db; appUrl: string; authSecret: string },
): Promise<PaymentsStandin> {
  const { secretKey, webhookSecret } = standinKeys(o.authSecret);
  const store = createStandinStore(o.db);
  const api = await startStandinApi({ store, secretKey, appUrl: o.appUrl });
  app.addHook('onClose', async () => api.server.close());
  const lifecycle = createStandinLifecycle({ app, store, webhookSecret });
  await app.register(
    async (pages) => standinPages(pages, { db: o.db, store, lifecycle, overagePriceId: STANDIN_OVERAGE_PRICE }),
    { prefix: STANDIN_PAGES_PREFIX },
  );
  app.log.info(
    { api: `http://127.0.0.1:${api.port}`, pages: `${o.appUrl}${STANDIN_PAGES_PREFIX}` },
    'pagamentos locais (stand-in do Stripe) ligados',
  );
  return {
    endpoint: { host: '127.0.0.1', port: api.port, protocol: 'http' },
    secretKey,
    webhookSecret,
    store,
    lifecycle,
  };
}
