import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';
import { countAiAnswersSql } from './ai-answers.ts';

/** The overage ceiling's reads and counters (overage-ceiling.ts): the plan and the period's answers. */

export interface PaidPlanRow {
  plan_id: string;
  max_ai: number;
  price: number;
  ceiling: number | null;
}

/** The user's active plan with its price and the owner's overage ceiling (null when never set). */
export async function findPlanWithCeiling(db: Db, accountId: string): Promise<PaidPlanRow | undefined> {
  const [row] = resultRows<PaidPlanRow>(
    await db.execute(sql`
      select p.id as plan_id, p.max_ai_messages as max_ai, coalesce(p.price_cents, 0) as price,
             sl.overage_ceiling_cents as ceiling
      from profiles pr join plans p on p.id = pr.active_plan_id
      left join spend_limits sl on sl.user_id = pr.id
      where pr.id = ${accountId}`),
  );
  return row;
}

/** The owner's overage ceiling setting, or undefined when never set. */
export async function findCeilingSetting(db: Db, accountId: string): Promise<{ ceiling: number } | undefined> {
  const [setting] = resultRows<{ ceiling: number }>(
    await db.execute(sql`select overage_ceiling_cents as ceiling from spend_limits where user_id = ${accountId}`),
  );
  return setting;
}

/**
 * The period's counter row, created with the answers already sent in it (counted once per period: the
 * count, a walk of the period's messages, runs only when the row is missing).
 */
export async function ensurePeriodRow(db: Db, accountId: string, start: Date, end: Date): Promise<void> {
  await db.execute(sql`
    insert into overage_periods (user_id, period_start, answers)
    select ${accountId}, ${start.toISOString()}::timestamptz, (${countAiAnswersSql(accountId, start, end)})
    where not exists (
      select 1 from overage_periods o where o.user_id = ${accountId} and o.period_start = ${start.toISOString()}::timestamptz)
    on conflict (user_id, period_start) do nothing`);
}

/** One more answer of the period below `allowed`, under the row's lock; false at the ceiling or without the row. */
export async function claimPeriodAnswer(db: Db, accountId: string, start: Date, allowed: number): Promise<boolean> {
  const claimed = resultRows<{ answers: number }>(
    await db.execute(sql`
      update overage_periods set answers = answers + 1
      where user_id = ${accountId} and period_start = ${start.toISOString()}::timestamptz and answers < ${allowed}::int
      returning answers`),
  );
  return claimed.length > 0;
}

/** Marks the period's ceiling as alerted; true only the first time. */
export async function markCeilingAlerted(db: Db, accountId: string, start: Date): Promise<boolean> {
  const first = resultRows<{ n: number }>(
    await db.execute(sql`
      update overage_periods set ceiling_alerted_at = now()
      where user_id = ${accountId} and period_start = ${start.toISOString()}::timestamptz
        and ceiling_alerted_at is null
      returning 1 as n`),
  );
  return first.length > 0;
}

/** Gives one answer of the period back (never below zero). */
export async function releasePeriodAnswer(db: Db, accountId: string, start: Date): Promise<void> {
  await db.execute(sql`
    update overage_periods set answers = greatest(0, answers - 1)
    where user_id = ${accountId} and period_start = ${start.toISOString()}::timestamptz`);
}

/** The period's answers so far, or undefined without its row. */
export async function findPeriodAnswers(
  db: Db,
  accountId: string,
  start: Date,
): Promise<{ answers: number } | undefined> {
  const [row] = resultRows<{ answers: number }>(
    await db.execute(sql`
      select answers from overage_periods
      where user_id = ${accountId} and period_start = ${start.toISOString()}::timestamptz`),
  );
  return row;
}
