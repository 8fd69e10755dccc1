import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Abuse limits' counters, shared by every server process (docs/decisions/021-spend-and-abuse-limits.md):
 * one row per limit and subject (e.g. `sign-up|203.0.113.7`), counting requests in a fixed window that
 * ends at `reset_at`. Written by one atomic upsert (plugins/rate-limit-repository.ts); expired rows are
 * swept now and then.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_reset_at_idx').on(t.resetAt)],
);
