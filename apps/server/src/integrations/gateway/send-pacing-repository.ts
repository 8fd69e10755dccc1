import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';

/**
 * The `send_pacing` slots of the Cloud pacing (cloud-pacing.ts, docs/decisions/042-cloud-pacing.md): one row
 * per key, `next_at` the earliest moment its next send may leave, by the database's clock.
 */

/**
 * Takes the key's next slot in one atomic upsert: moves `next_at` on by the interval from max(next_at, now())
 * and returns how long to wait, in ms, for the slot taken (0 when it is now).
 */
export async function takePacingSlot(db: Db, key: string, intervalMs: number): Promise<number> {
  const interval = `${intervalMs} milliseconds`;
  const [row] = resultRows<{ wait_ms: number | string }>(
    await db.execute(sql`
      insert into send_pacing as p (key, next_at) values (${key}, now() + ${interval}::interval)
      on conflict (key) do update set next_at = greatest(p.next_at, now()) + ${interval}::interval
      returning greatest(0, extract(epoch from (p.next_at - ${interval}::interval - now())) * 1000) as wait_ms`),
  );
  return Number(row?.wait_ms ?? 0);
}

/** No slot of the key starts before `ms` from now (a slot already later stays). */
export async function holdPacingKey(db: Db, key: string, ms: number): Promise<void> {
  const until = `${Math.max(0, Math.round(ms))} milliseconds`;
  await db.execute(sql`
    insert into send_pacing as p (key, next_at) values (${key}, now() + ${until}::interval)
    on conflict (key) do update set next_at = greatest(p.next_at, now() + ${until}::interval)`);
}

/** Deletes the slots over a minute past: they mean "free now" anyway. */
export async function deletePastPacingSlots(db: Db): Promise<void> {
  await db.execute(sql`delete from send_pacing where next_at < now() - interval '1 minute'`);
}
