import type { FastifyInstance } from 'fastify';
import { PIX_STANDIN_PAGES_PREFIX, STANDIN_KEY_PREFIX, startPixStandinApi } from './standin-api.ts';
import { applyStandinAction, type StandinAction } from './standin-events.ts';
import { pixStandinPages } from './standin-pages.ts';
import { createPixStandinStore, newId, type PixStandinDb, type PixStandinStore } from './standin-store.ts';

export type { PixStandinDb } from './standin-store.ts';
export { brCode, crc16 } from './br-code.ts';
export { PIX_STANDIN_PAGES_PREFIX } from './standin-api.ts';
export { MERCADOPAGO_STANDIN_TOKEN_PREFIX, newMercadoPagoStandinCredentials } from './mercadopago-api.ts';

export const PIX_STANDIN_IN_PRODUCTION =
  'O Pix local (stand-in do Asaas e do Mercado Pago) nunca é ligado em produção: configure o Asaas ou o Mercado Pago.';

/** Where its migrations are recorded: its own table, never the product's. */
export const PIX_STANDIN_MIGRATIONS_TABLE = '__pix_standin_migrations';

/** A new API key for one account of the stand-in (each key is an account of its own). */
export const newStandinKey = () => `${STANDIN_KEY_PREFIX}${newId('key')}`;

/** What the app gives the stand-in when it mounts it (the package never imports the app). */
export interface PixStandinMount {
  db: PixStandinDb;
  /** Applies the migrations in `migrationsFolder` (this package's drizzle/ folder), recorded in `migrationsTable`. */
  migrate(o: { migrationsFolder: string; migrationsTable: string }): Promise<void>;
  migrationsFolder: string;
  appUrl: string;
  nodeEnv: string;
}

export interface PixStandin {
  /** The API's base URL (http://127.0.0.1:<port>): Asaas's /v3 and Mercado Pago's /v1 paths. */
  baseUrl: string;
  store: PixStandinStore;
  /** What the page's buttons do ('pagar', 'expirar', 'estornar', 'contestar'), for tests and tools. */
  act(paymentId: string, action: StandinAction): ReturnType<typeof applyStandinAction>;
  /** Drops the next `n` events instead of posting them (a lost webhook, for tests). */
  loseNextWebhooks(n: number): void;
}

/**
 * Starts the local Pix stand-in (no Asaas or Mercado Pago account needed): its tables (own
 * migrations), its REST server on 127.0.0.1 (a free port) speaking Asaas's and Mercado Pago's APIs, and its bank-app pages
 * under /pix-local in the app. Refuses to start in production.
 */
export async function startPixStandin(app: FastifyInstance, o: PixStandinMount): Promise<PixStandin> {
  // 'Pagar' marks charges paid without money: a production process never mounts it.
  if (o.nodeEnv === 'production') throw new Error(PIX_STANDIN_IN_PRODUCTION);
  await o.migrate({ migrationsFolder: o.migrationsFolder, migrationsTable: PIX_STANDIN_MIGRATIONS_TABLE });
  const store = createPixStandinStore(o.db);
  const api = await startPixStandinApi({ store, appUrl: o.appUrl });
  const delivery = { toLose: 0 };
  app.addHook('onClose', async () => api.server.close());
  await app.register(async (pages) => pixStandinPages(pages, { store, appUrl: o.appUrl, root: app, delivery }), {
    prefix: PIX_STANDIN_PAGES_PREFIX,
  });
  app.log.info(
    { pages: `${o.appUrl}${PIX_STANDIN_PAGES_PREFIX}` },
    'pix local (stand-in do Asaas e do Mercado Pago) ligado',
  );
  return {
    baseUrl: `http://127.0.0.1:${api.port}`,
    store,
    act: (paymentId, action) => applyStandinAction({ app, store, appUrl: o.appUrl, delivery }, paymentId, action),
    loseNextWebhooks: (n) => {
      delivery.toLose = n;
    },
  };
}
