import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';
import { resultsRollupMarks } from '../../db/schema/index.ts';
import { hourlyCtes } from './hourly-sql.ts';

const HOUR_MS = 3_600_000;
/** An hour is rolled up this long after it ends: late delivery receipts (a failed send) land first. */
const SETTLE_MS = 10 * 60_000;

/** The last hour boundary whose hour has settled at `now`. */
export function settledUntil(now: Date): Date {
  return new Date(Math.floor((now.getTime() - SETTLE_MS) / HOUR_MS) * HOUR_MS);
}

/**
 * Rolls the user's settled hours into results_hourly / _responses_hourly / _active_hourly, from the
 * mark to `until`, and moves the mark; returns the mark. One transaction holding the mark's row lock,
 * so two requests never roll the same hours. A new user's mark starts at their first message's hour.
 * Messages stored later with an older date (history sync) are not added to hours already rolled.
 */
export async function rollUpResults(db: Db, userId: string, until: Date): Promise<Date> {
  // Most calls find the settled hours already rolled: one read, no transaction.
  const [known] = await db
    .select({ rolledUntil: resultsRollupMarks.rolledUntil })
    .from(resultsRollupMarks)
    .where(eq(resultsRollupMarks.userId, userId));
  if (known && known.rolledUntil >= until) return known.rolledUntil;
  return db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into results_rollup_marks (user_id, rolled_until)
      select ${userId}, coalesce(
        (select date_trunc('hour', min(created_at) at time zone 'UTC') at time zone 'UTC' from messages where user_id = ${userId}),
        ${until.toISOString()}::timestamptz)
      on conflict (user_id) do nothing`);
    const [mark] = resultRows<{ rolled_until: string | Date }>(
      await tx.execute(sql`select rolled_until from results_rollup_marks where user_id = ${userId} for update`),
    );
    const from = new Date(mark!.rolled_until);
    if (from >= until) return from;
    await tx.execute(sql`
      with ${hourlyCtes(userId, from, until)},
      h as (
        insert into results_hourly (user_id, number_id, hour, conversations_started, messages_in, messages_out,
          ai_messages, owner_messages, ai_answers, handovers_inbox, handovers_phone, opt_outs, failed_sends)
        select ${userId}, number_id, hour, conversations_started, messages_in, messages_out, ai_messages,
               owner_messages, ai_answers, handovers_inbox, handovers_phone, opt_outs, failed_sends
        from hourly on conflict do nothing returning 1),
      r as (
        insert into results_responses_hourly (user_id, number_id, hour, who, bucket, n)
        select ${userId}, number_id, hour, who, bucket, n from responses on conflict do nothing returning 1),
      a as (
        insert into results_active_hourly (user_id, number_id, hour, conv_id, has_in, has_out, has_owner,
          prev_in, prev_out, prev_owner)
        select ${userId}, number_id, hour, conv_id, has_in, has_out, has_owner, prev_in, prev_out, prev_owner
        from active on conflict do nothing returning 1)
      select (select count(*) from h) + (select count(*) from r) + (select count(*) from a) as rows`);
    await tx.execute(
      sql`update results_rollup_marks set rolled_until = ${until.toISOString()}::timestamptz where user_id = ${userId}`,
    );
    return until;
  });
}
