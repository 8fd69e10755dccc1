import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';
import { aiAnswersSql } from '../../domain/usage/ai-answers.ts';
import { LIVE_SUBSCRIPTION_STATUSES } from '../../domain/usage/usage-period.ts';

// The overage meter's rows (report-overage.ts, decision 012): billing_meter_reports and the subscriptions it reads.

/** A paid, live subscription with a Stripe customer: its plan's AI answer limit and current period. */
export interface MeteredSubscriptionRow {
  user_id: string;
  customer_id: string;
  max_ai: number;
  period_start: string | Date;
  period_end: string | Date;
}

export async function listMeteredSubscriptions(db: Db): Promise<MeteredSubscriptionRow[]> {
  return resultRows<MeteredSubscriptionRow>(
    await db.execute(sql`
      select s.user_id, pr.stripe_customer_id as customer_id, p.max_ai_messages as max_ai, s.current_period_start as period_start, s.current_period_end as period_end
      from billing_subscriptions s
      join profiles pr on pr.id = s.user_id and pr.active_subscription_id = s.subscription_id
      join plans p on p.id = s.plan_id
      where s.status in (${sql.join(
        LIVE_SUBSCRIPTION_STATUSES.map((st) => sql`${st}`),
        sql`, `,
      )})
        and coalesce(p.price_cents, 0) > 0 and pr.stripe_customer_id is not null`),
  );
}

/**
 * A report row for each AI answer of the period past the plan's limit (keyed by message id: found again,
 * inserted once). Returns how many are new.
 */
export async function queueOverageReports(db: Db, s: MeteredSubscriptionRow, from: Date, to: Date): Promise<number> {
  const inserted = resultRows<{ message_id: string }>(
    await db.execute(sql`
        insert into billing_meter_reports (message_id, user_id, customer_id)
        select id, ${s.user_id}, ${s.customer_id} from (
          select a.id, row_number() over (order by a.created_at, a.id) as n
          from (${aiAnswersSql(s.user_id, from, to)}) a) answers
        where n > ${s.max_ai}
        on conflict (message_id) do nothing
        returning message_id`),
  );
  return inserted.length;
}

/**
 * Up to `batch` unreported rows, claimed for `claimSeconds` (skip locked: two processes never report the same
 * row at once; a claim older than that is a dead worker's and is taken again).
 */
export async function claimMeterReports(
  db: Db,
  claimSeconds: number,
  batch: number,
): Promise<{ message_id: string; customer_id: string }[]> {
  return resultRows<{ message_id: string; customer_id: string }>(
    await db.execute(sql`
        update billing_meter_reports set claimed_at = now(), attempts = attempts + 1
        where message_id in (
          select message_id from billing_meter_reports
          where reported_at is null and (claimed_at is null or claimed_at < now() - make_interval(secs => ${claimSeconds}))
          order by created_at limit ${batch}
          for update skip locked)
        returning message_id, customer_id`),
  );
}

export async function markMeterReported(db: Db, messageId: string): Promise<void> {
  await db.execute(
    sql`update billing_meter_reports set reported_at = now(), claimed_at = null, last_error = null where message_id = ${messageId}`,
  );
}

/** The claim let go with the error, for the next pass. */
export async function releaseMeterReport(db: Db, messageId: string, error: string): Promise<void> {
  await db.execute(
    sql`update billing_meter_reports set claimed_at = null, last_error = ${error} where message_id = ${messageId}`,
  );
}

/** Live subscriptions whose period ended more than 5 minutes before `now` (at most 100). */
export async function listOverdueSubscriptions(db: Db, now: Date): Promise<string[]> {
  const overdue = resultRows<{ subscription_id: string }>(
    await db.execute(sql`
      select s.subscription_id from billing_subscriptions s join profiles pr on pr.id = s.user_id and pr.active_subscription_id = s.subscription_id
      where s.status in ('active', 'trialing', 'past_due') and s.current_period_end < ${now.toISOString()}::timestamptz - interval '5 minutes'
      limit 100`),
  );
  return overdue.map((row) => row.subscription_id);
}
