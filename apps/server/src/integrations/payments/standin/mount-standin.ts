import { type PaymentsStandin, type PaidPlan, startPaymentsStandin } from '@vendai/payments-standin';
import { and, asc, eq, gt, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../../../config/env.ts';
import { type Database, migrateFolder } from '../../../db/client.ts';
import { plans } from '../../../db/schema/index.ts';
import { packageMigrationsDir } from '../../../paths.ts';

/**
 * Mounts the local payments stand-in (workspace package @vendai/payments-standin) with what it needs
 * from the app: the database and a way to apply its own migrations, the paid plans, the settings.
 */
export function mountPaymentsStandin(
  app: FastifyInstance,
  { env, database }: { env: Env; database: Database },
): Promise<PaymentsStandin> {
  return startPaymentsStandin(app, {
    db: database.db,
    migrate: (config) => migrateFolder(database, config),
    migrationsFolder: packageMigrationsDir('payments-standin'),
    paidPlans: () => paidPlans(database),
    appUrl: env.appUrl,
    authSecret: env.authSecret,
    nodeEnv: env.NODE_ENV,
  });
}

/** Active plans with a price and a synced price id, in display order. */
async function paidPlans({ db }: Database): Promise<PaidPlan[]> {
  const rows = await db
    .select({ name: plans.name, priceCents: plans.priceCents, stripePriceId: plans.stripePriceId })
    .from(plans)
    .where(and(isNotNull(plans.stripePriceId), eq(plans.isActive, true), gt(plans.priceCents, 0)))
    .orderBy(asc(plans.sortOrder));
  return rows.map((p) => ({ name: p.name, priceCents: p.priceCents!, stripePriceId: p.stripePriceId! }));
}
