import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';
import { resultsRollupMarks } from '../../db/schema/index.ts';
import { hourlyCtes } from './hourly-figures-repository.ts';
import { HOUR_MS } from './results-rollup.ts';

/**
 * The user's rollup mark (every hour before it is rolled up). A new user's mark starts at their first
 * message's hour, or at `until` when they have none. One read when the mark exists.
 */
export async function rollupMark(db: Db, accountId: string, until: Date): Promise<Date> {
  const read = async () => {
    const [known] = await db
      .select({ rolledUntil: resultsRollupMarks.rolledUntil })
      .from(resultsRollupMarks)
      .where(eq(resultsRollupMarks.userId, accountId));
    return known?.rolledUntil ?? null;
  };
  const known = await read();
  if (known) return known;
  await db.execute(sql`
    insert into results_rollup_marks (user_id, rolled_until)
    select ${accountId}, coalesce(
      (select date_trunc('hour', min(created_at) at time zone 'UTC') at time zone 'UTC' from messages where user_id = ${accountId}),
      ${until.toISOString()}::timestamptz)
    on conflict (user_id) do nothing`);
  return (await read())!;
}

/**
 * Up to `limit` accounts whose mark is behind `until` (or who have none yet), the furthest behind first:
 * the accounts one run of the rollup job looks at.
 */
export async function selectAccountsBehind(db: Db, until: Date, limit: number): Promise<{ id: string }[]> {
  return resultRows<{ id: string }>(
    await db.execute(sql`
      select u.id from "user" u left join results_rollup_marks m on m.user_id = u.id
      where m.user_id is null or m.rolled_until < ${until.toISOString()}::timestamptz
      order by m.rolled_until asc nulls first limit ${limit}`),
  );
}

/**
 * How many of the user's messages are in [from, to), counted up to `cap` (an index range scan of at
 * most `cap` entries of messages_user_created_idx): what rolling or reading that range live costs.
 */
export async function countMessagesUpTo(db: Db, accountId: string, from: Date, to: Date, cap: number): Promise<number> {
  if (from >= to) return 0;
  const [row] = resultRows<{ n: number | string }>(
    await db.execute(sql`
      select count(*) as n from (
        select 1 from messages
        where user_id = ${accountId} and created_at >= ${from.toISOString()}::timestamptz
          and created_at < ${to.toISOString()}::timestamptz
        limit ${cap}) x`),
  );
  return Number(row?.n ?? 0);
}

export interface RollStepOptions {
  /** The most hours one step rolls (after skipping hours with no activity). */
  maxHours: number;
  /** false: give up at once (null) when another process holds the user's mark. */
  wait: boolean;
}

/**
 * One step of the user's rollup, in one transaction holding the mark's row lock (so two requests or
 * two server processes never roll the same hours): skips the hours with no message and no new
 * conversation, rolls at most `maxHours` from there towards `until` into results_hourly /
 * _responses_hourly / _active_hourly and moves the mark. Returns the new mark, or null when the
 * mark is missing or (`wait: false`) locked by someone else. Messages stored later with an older date
 * (history sync) are not added to hours already rolled.
 */
export async function rollUpStep(db: Db, accountId: string, until: Date, opts: RollStepOptions): Promise<Date | null> {
  return db.transaction(async (tx) => {
    const [mark] = resultRows<{ rolled_until: string | Date }>(
      await tx.execute(
        sql`select rolled_until from results_rollup_marks where user_id = ${accountId} for update ${opts.wait ? sql`` : sql`skip locked`}`,
      ),
    );
    if (!mark) return null;
    let from = new Date(mark.rolled_until);
    if (from >= until) return from;
    const range = sql`created_at >= ${from.toISOString()}::timestamptz and created_at < ${until.toISOString()}::timestamptz`;
    const [next] = resultRows<{ at: string | Date | null }>(
      await tx.execute(sql`
        select least(
          (select min(created_at) from messages where user_id = ${accountId} and ${range}),
          (select min(created_at) from conversations where user_id = ${accountId} and ${range})) as at`),
    );
    if (next?.at) {
      from = new Date(Math.max(from.getTime(), Math.floor(new Date(next.at).getTime() / HOUR_MS) * HOUR_MS));
      const to = new Date(Math.min(until.getTime(), from.getTime() + opts.maxHours * HOUR_MS));
      await insertRolledHours(tx, accountId, from, to);
      await setMark(tx, accountId, to);
      return to;
    }
    await setMark(tx, accountId, until);
    return until;
  });
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

function setMark(tx: Tx, accountId: string, to: Date) {
  return tx.execute(
    sql`update results_rollup_marks set rolled_until = ${to.toISOString()}::timestamptz where user_id = ${accountId}`,
  );
}

/** Writes the figures of [from, to) (hourly-figures-repository.ts) into the rollup tables. */
async function insertRolledHours(tx: Tx, accountId: string, from: Date, to: Date) {
  await tx.execute(sql`
    with ${hourlyCtes(accountId, from, to)},
    h as (
      insert into results_hourly (user_id, number_id, hour, conversations_started, messages_in, messages_out,
        ai_messages, owner_messages, ai_answers, handovers_inbox, handovers_phone, opt_outs, failed_sends)
      select ${accountId}, number_id, hour, conversations_started, messages_in, messages_out, ai_messages,
             owner_messages, ai_answers, handovers_inbox, handovers_phone, opt_outs, failed_sends
      from hourly on conflict do nothing returning 1),
    r as (
      insert into results_responses_hourly (user_id, number_id, hour, who, bucket, n)
      select ${accountId}, number_id, hour, who, bucket, n from responses on conflict do nothing returning 1),
    a as (
      insert into results_active_hourly (user_id, number_id, hour, conv_id, has_in, has_out, has_owner,
        prev_in, prev_out, prev_owner)
      select ${accountId}, number_id, hour, conv_id, has_in, has_out, has_owner, prev_in, prev_out, prev_owner
      from active on conflict do nothing returning 1)
    select (select count(*) from h) + (select count(*) from r) + (select count(*) from a) as rows`);
}
