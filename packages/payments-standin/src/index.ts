import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { STANDIN_PAGES_PREFIX, startStandinApi } from './standin-api.ts';
import type { PaidPlan, StandinDb } from './standin-db.ts';
import { createStandinLifecycle, type StandinLifecycle } from './standin-events.ts';
import { standinPages } from './standin-pages.ts';
import { createStandinStore, type StandinStore } from './standin-store.ts';

export type { PaidPlan, StandinDb } from './standin-db.ts';
export { MONTH_SECONDS } from './standin-api.ts';
export { newId } from './standin-store.ts';

export const STANDIN_IN_PRODUCTION =
  'Os pagamentos locais (stand-in do Stripe) nunca são ligados em produção: configure o Stripe ou deixe os pagamentos desligados.';

/** Price ids of the stand-in: one per paid plan slug, and the metered overage price. */
export const STANDIN_OVERAGE_PRICE = 'price_local_overage';
export const standinPriceId = (slug: string) => `price_local_${slug}`;

/** Where its migrations are recorded: its own table, never the product's. */
export const STANDIN_MIGRATIONS_TABLE = '__payments_standin_migrations';

/** The stand-in's API key and webhook signing secret, derived from AUTH_SECRET. */
export function standinKeys(authSecret: string): { secretKey: string; webhookSecret: string } {
  const derive = (label: string) =>
    createHmac('sha256', authSecret).update(`payments-standin:${label}`).digest('hex').slice(0, 32);
  return { secretKey: `sk_local_${derive('key')}`, webhookSecret: `whsec_local_${derive('webhook')}` };
}

/**
 * What the app gives the stand-in when it mounts it (the package never imports the app): a database
 * handle, a way to apply this package's migrations with the app's driver, the app's paid plans, and
 * its settings.
 */
export interface StandinMount {
  db: StandinDb;
  /** Applies the migrations in `migrationsFolder` (this package's drizzle/ folder), recorded in `migrationsTable`. */
  migrate(o: { migrationsFolder: string; migrationsTable: string }): Promise<void>;
  /** This package's drizzle/ folder as the running process sees it. */
  migrationsFolder: string;
  paidPlans(): Promise<PaidPlan[]>;
  appUrl: string;
  authSecret: string;
  nodeEnv: string;
}

export interface PaymentsStandin {
  endpoint: { host: string; port: number; protocol: 'http' };
  secretKey: string;
  webhookSecret: string;
  store: StandinStore;
  lifecycle: StandinLifecycle;
}

/**
 * Starts the local payments stand-in (no Stripe account needed): its tables (own migrations), its
 * Stripe-compatible REST server on 127.0.0.1 (a free port), and its checkout and portal pages under
 * /pagamentos-local in the app. Keys are derived from AUTH_SECRET, so they differ per installation
 * and never need configuring. Refuses to start in production.
 */
export async function startPaymentsStandin(app: FastifyInstance, o: StandinMount): Promise<PaymentsStandin> {
  // Its checkout makes paid plans free: a production process never mounts it, whatever the settings say.
  if (o.nodeEnv === 'production') throw new Error(STANDIN_IN_PRODUCTION);
  await o.migrate({ migrationsFolder: o.migrationsFolder, migrationsTable: STANDIN_MIGRATIONS_TABLE });
  const { secretKey, webhookSecret } = standinKeys(o.authSecret);
  const store = createStandinStore(o.db);
  const api = await startStandinApi({ store, secretKey, appUrl: o.appUrl });
  app.addHook('onClose', async () => api.server.close());
  const lifecycle = createStandinLifecycle({ app, store, webhookSecret });
  await app.register(
    async (pages) =>
      standinPages(pages, { paidPlans: o.paidPlans, store, lifecycle, overagePriceId: STANDIN_OVERAGE_PRICE }),
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
