import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/** The database handle the app lends the stand-in: any drizzle PostgreSQL database (PGlite or node-postgres). */
export type StandinDb = PgDatabase<PgQueryResultHKT, any>;

/** A paid plan of the app, as the stand-in's pages show it. */
export interface PaidPlan {
  name: string;
  priceCents: number;
  /** The price id the app synced for the plan (the stand-in's own `price_local_<slug>`). */
  stripePriceId: string;
}
