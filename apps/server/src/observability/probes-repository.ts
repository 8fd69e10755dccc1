import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { resultRows } from '../db/rows.ts';

/**
 * The statements observability's probes run: the readiness check's (check-readiness.ts) and the gauges read
 * when Prometheus scrapes (metrics.ts, job-metrics.ts). None reads an account's data.
 */

/** Resolves when the database answers a trivial statement. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** How many migrations drizzle has recorded as applied. */
export async function countAppliedMigrations(db: Db): Promise<number> {
  const rows = resultRows<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
  );
  return Number(rows[0]?.n ?? 0);
}

/** One pg-boss queue's live jobs: due and waiting for a worker, waiting for their time, running; the oldest due one's wait in s. */
export interface QueueRow {
  queue: string;
  ready: number;
  deferred: number;
  active: number;
  lag: number;
}

/** Every pg-boss queue (an empty one with zeros), in one statement on its job table. */
export async function selectQueueFigures(db: Db): Promise<QueueRow[]> {
  return resultRows<QueueRow>(
    await db.execute(
      // The live jobs are on pg-boss's partial index (name, state, blocked, start_after).
      sql`select q.name as queue,
            count(j.id) filter (where j.state in ('created', 'retry') and j.start_after <= now())::int as ready,
            count(j.id) filter (where j.state in ('created', 'retry') and j.start_after > now())::int as deferred,
            count(j.id) filter (where j.state = 'active')::int as active,
            coalesce(extract(epoch from now() - min(j.start_after) filter (
              where j.state in ('created', 'retry') and j.start_after <= now())), 0)::float8 as lag
          from pgboss.queue q
          left join pgboss.job j on j.name = q.name and j.state in ('created', 'retry', 'active')
          group by q.name`,
    ),
  );
}

/** The reply bursts in flight per state (waiting, generating, sending); a state with none is absent. */
export async function countBurstsByState(db: Db): Promise<{ state: string; n: number }[]> {
  return resultRows<{ state: string; n: number }>(
    await db.execute(
      sql`select state, count(*)::int as n from reply_bursts where state in ('waiting', 'generating', 'sending') group by state`,
    ),
  );
}

/** How late, in s, the most overdue waiting burst is (0 when every due reply has been picked up). */
export async function oldestDueBurstLag(db: Db): Promise<number> {
  const rows = resultRows<{ lag: number | null }>(
    await db.execute(
      sql`select extract(epoch from (now() - min(due_at)))::float8 as lag from reply_bursts where state = 'waiting' and due_at < now()`,
    ),
  );
  return Math.max(0, Number(rows[0]?.lag ?? 0));
}
