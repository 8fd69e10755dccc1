import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { resultRows } from '../db/rows.ts';
import { rateLimitCounters } from '../db/schema/index.ts';

export interface RateLimitCount {
  /** Requests counted in the current window, this one included. */
  count: number;
  /** When the window ends (the counter starts over). */
  resetAt: Date;
}

/**
 * Counts one request for `key` in a fixed window of `windowMs`, atomically across processes: the first
 * request (or the first after the window ended) starts a new window at 1; any other adds 1. One
 * statement, one round trip; concurrent requests serialize on the row.
 */
export async function incrementRateLimit(db: Db, key: string, windowMs: number): Promise<RateLimitCount> {
  const result = await db.execute(sql`
    insert into rate_limit_counters as c (key, count, reset_at)
    values (${key}, 1, clock_timestamp() + ${windowMs} * interval '1 millisecond')
    on conflict (key) do update set
      count = case when c.reset_at <= clock_timestamp() then 1 else c.count + 1 end,
      reset_at = case when c.reset_at <= clock_timestamp() then excluded.reset_at else c.reset_at end
    returning count, reset_at`);
  const [row] = resultRows<{ count: number; reset_at: Date | string }>(result);
  return { count: Number(row!.count), resetAt: new Date(row!.reset_at) };
}

/** The count of `key`'s current window without counting anything (0 when there is none). */
export async function readRateLimit(db: Db, key: string): Promise<RateLimitCount> {
  const result = await db.execute(sql`
    select count, reset_at from rate_limit_counters where key = ${key} and reset_at > clock_timestamp()`);
  const [row] = resultRows<{ count: number; reset_at: Date | string }>(result);
  return row ? { count: Number(row.count), resetAt: new Date(row.reset_at) } : { count: 0, resetAt: new Date() };
}

/** Removes the counters whose window ended: they would start over anyway. */
export async function deleteExpiredRateLimits(db: Db): Promise<void> {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.resetAt, sql`clock_timestamp()`));
}
