import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';

/**
 * The monthly allowances' counters (plan-allowance.ts, test-allowance.ts, ai-assists.ts, ai-slot.ts): the
 * plan's allowance and the conditional increments that claim one use below it, and their give-backs.
 */

/** A plan column holding a monthly allowance of owner-triggered model calls. */
export type AllowanceColumnName = 'max_test_messages' | 'max_ai_assists';
/** A test message's counter column in test_usage_monthly. */
export type TestUsageColumn = 'playground' | 'coach';
/** An AI assist's counter column in ai_assist_usage_monthly. */
export type AiAssistColumn = 'price_list' | 'training_questions' | 'media_requests';

/** The account's plan allowance in `column` (the free plan's for an account without a plan; 0 when none). */
export async function findPlanAllowance(db: Db, accountId: string, column: AllowanceColumnName): Promise<number> {
  const max = sql.raw(column);
  const [row] = resultRows<{ max: number }>(
    await db.execute(sql`
      select coalesce(
        (select p.${max} from profiles pr join plans p on p.id = pr.active_plan_id where pr.id = ${accountId}),
        (select ${max} from plans where slug = 'freemium' limit 1), 0) as max`),
  );
  return Number(row?.max ?? 0);
}

/** One more test message of the month (month: 'YYYY-MM-01') below `max`; false at the allowance. */
export async function incrementTestUsage(
  db: Db,
  accountId: string,
  month: string,
  use: TestUsageColumn,
  max: number,
): Promise<boolean> {
  const claimed = resultRows<{ ok: number }>(
    await db.execute(sql`
      insert into test_usage_monthly (user_id, month, playground, coach)
      select ${accountId}, ${month}::date, ${use === 'playground' ? 1 : 0}, ${use === 'coach' ? 1 : 0}
      where ${max}::int > 0
      on conflict (user_id, month) do update set
        playground = test_usage_monthly.playground + excluded.playground,
        coach = test_usage_monthly.coach + excluded.coach
        where test_usage_monthly.playground + test_usage_monthly.coach < ${max}::int
      returning 1 as ok`),
  );
  return claimed.length > 0;
}

/** Gives one test message of the month back (never below zero). */
export async function decrementTestUsage(
  db: Db,
  accountId: string,
  month: string,
  use: TestUsageColumn,
): Promise<void> {
  const column = sql.raw(use === 'coach' ? 'coach' : 'playground');
  await db.execute(sql`
      update test_usage_monthly set ${column} = greatest(0, ${column} - 1)
      where user_id = ${accountId} and month = ${month}::date`);
}

/** The month's test messages (playground + coach). */
export async function sumTestUsage(db: Db, accountId: string, month: string): Promise<number> {
  const [row] = resultRows<{ n: number }>(
    await db.execute(sql`
      select coalesce(sum(playground + coach), 0)::int as n from test_usage_monthly
      where user_id = ${accountId} and month = ${month}::date`),
  );
  return Number(row?.n ?? 0);
}

/** One more AI assist of the month in `kind`'s column while the three together stay below `max`; false at it. */
export async function incrementAiAssist(
  db: Db,
  accountId: string,
  month: string,
  kind: AiAssistColumn,
  max: number,
): Promise<boolean> {
  const column = sql.raw(kind);
  const claimed = resultRows<{ ok: number }>(
    await db.execute(sql`
      insert into ai_assist_usage_monthly (user_id, month, ${column})
      select ${accountId}, ${month}::date, 1
      where ${max}::int > 0
      on conflict (user_id, month) do update set ${column} = ai_assist_usage_monthly.${column} + 1
        where ai_assist_usage_monthly.price_list + ai_assist_usage_monthly.training_questions
          + ai_assist_usage_monthly.media_requests < ${max}::int
      returning 1 as ok`),
  );
  return claimed.length > 0;
}

/** Gives one AI assist of the month back (never below zero). */
export async function decrementAiAssist(db: Db, accountId: string, month: string, kind: AiAssistColumn): Promise<void> {
  const column = sql.raw(kind);
  await db.execute(sql`
      update ai_assist_usage_monthly set ${column} = greatest(0, ${column} - 1)
      where user_id = ${accountId} and month = ${month}::date`);
}

export interface AiAssistUsageRow {
  price_list: number;
  training_questions: number;
  media_requests: number;
}

/** The month's AI assists row, or undefined before the first assist of the month. */
export async function findAiAssistUsage(
  db: Db,
  accountId: string,
  month: string,
): Promise<AiAssistUsageRow | undefined> {
  const [row] = resultRows<AiAssistUsageRow>(
    await db.execute(sql`
      select price_list, training_questions, media_requests from ai_assist_usage_monthly
      where user_id = ${accountId} and month = ${month}::date`),
  );
  return row;
}

/** One more of the free plan's AI messages of the month (month: 'YYYY-MM-DD') below `max`; false at the limit. */
export async function incrementMonthlyAiMessages(
  db: Db,
  accountId: string,
  month: string,
  max: number,
): Promise<boolean> {
  const rows = resultRows<{ ai_messages: number }>(
    await db.execute(sql`
      insert into usage_monthly (user_id, month, ai_messages)
      select ${accountId}, ${month}::date, 1 where ${max}::int > 0
      on conflict (user_id, month) do update set ai_messages = usage_monthly.ai_messages + 1
        where usage_monthly.ai_messages < ${max}::int
      returning ai_messages`),
  );
  return rows.length > 0;
}

/** Gives one of the month's AI messages back (never below zero). */
export async function decrementMonthlyAiMessages(db: Db, accountId: string, month: string): Promise<void> {
  await db.execute(sql`
    update usage_monthly set ai_messages = greatest(0, ai_messages - 1)
    where user_id = ${accountId} and month = ${month}::date`);
}
