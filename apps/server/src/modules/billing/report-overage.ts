import { sql } from 'drizzle-orm';
import { resultRows } from '../../db/rows.ts';
import { aiAnswersSql } from '../../domain/usage/ai-answers.ts';
import { LIVE_SUBSCRIPTION_STATUSES } from '../../domain/usage/usage-period.ts';
import type { BillingDeps } from './billing-deps.ts';
import { syncSubscription } from './sync-subscription.ts';

/** Meter events reported per claim, and how long a claim protects a row from another worker. */
const REPORT_BATCH = 50;
const CLAIM_SECONDS = 60;

export interface MeterCycleResult {
  queued: number;
  reported: number;
  failed: number;
}

/**
 * One pass of the overage job (decision 012):
 *  1. every paid, live subscription: the AI answers of the current billing period past the plan's
 *     limit get a billing_meter_reports row each (keyed by message id: found again, inserted once);
 *  2. unreported rows are claimed (skip locked: two processes never report the same row at once)
 *     and sent to Stripe as billing meter events with identifier = message id, then marked reported.
 * A crash between 2's send and mark leaves the row unreported; the next pass sends it again and
 * Stripe (or the stand-in) refuses the known identifier, which counts as reported: once each.
 */
export async function runMeterCycle(deps: BillingDeps): Promise<MeterCycleResult> {
  const result: MeterCycleResult = { queued: 0, reported: 0, failed: 0 };
  const payments = deps.payments;
  if (!payments) return result;
  const subs = resultRows<{
    user_id: string;
    customer_id: string;
    max_ai: number;
    period_start: string | Date;
    period_end: string | Date;
  }>(
    await deps.db.execute(sql`
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
  for (const s of subs) {
    const from = new Date(s.period_start);
    const to = new Date(s.period_end);
    const inserted = resultRows<{ message_id: string }>(
      await deps.db.execute(sql`
        insert into billing_meter_reports (message_id, user_id, customer_id)
        select id, ${s.user_id}, ${s.customer_id} from (
          select a.id, row_number() over (order by a.created_at, a.id) as n
          from (${aiAnswersSql(s.user_id, from, to)}) a) answers
        where n > ${s.max_ai}
        on conflict (message_id) do nothing
        returning message_id`),
    );
    result.queued += inserted.length;
  }

  for (;;) {
    const claimed = resultRows<{ message_id: string; customer_id: string }>(
      await deps.db.execute(sql`
        update billing_meter_reports set claimed_at = now(), attempts = attempts + 1
        where message_id in (
          select message_id from billing_meter_reports
          where reported_at is null and (claimed_at is null or claimed_at < now() - make_interval(secs => ${CLAIM_SECONDS}))
          order by created_at limit ${REPORT_BATCH}
          for update skip locked)
        returning message_id, customer_id`),
    );
    if (!claimed.length) break;
    let failedHere = 0;
    for (const row of claimed) {
      try {
        await payments.reportMeterEvent({
          customerId: row.customer_id,
          identifier: row.message_id,
          value: 1,
          timestamp: new Date(),
        });
        await deps.db.execute(
          sql`update billing_meter_reports set reported_at = now(), claimed_at = null, last_error = null where message_id = ${row.message_id}`,
        );
        result.reported += 1;
      } catch (err) {
        failedHere += 1;
        result.failed += 1;
        deps.log.warn(
          { err, messageId: row.message_id },
          'payments: meter event not reported; retried on the next pass',
        );
        await deps.db.execute(
          sql`update billing_meter_reports set claimed_at = null, last_error = ${String((err as Error).message).slice(0, 500)} where message_id = ${row.message_id}`,
        );
      }
    }
    if (failedHere) break; // Stripe is failing: try again on the next pass, not in a tight loop
  }
  return result;
}

/**
 * Subscriptions whose period ended without an event telling us (a missed or late webhook) are
 * re-read from Stripe: the user does not keep a cancelled plan past its end.
 */
export async function resyncOverdueSubscriptions(deps: BillingDeps, now = new Date()): Promise<number> {
  if (!deps.payments) return 0;
  const overdue = resultRows<{ subscription_id: string }>(
    await deps.db.execute(sql`
      select s.subscription_id from billing_subscriptions s join profiles pr on pr.id = s.user_id and pr.active_subscription_id = s.subscription_id
      where s.status in ('active', 'trialing', 'past_due') and s.current_period_end < ${now.toISOString()}::timestamptz - interval '5 minutes'
      limit 100`),
  );
  for (const row of overdue) {
    try {
      await syncSubscription(deps, row.subscription_id, 'period-end check');
    } catch (err) {
      deps.log.warn({ err, subscriptionId: row.subscription_id }, 'payments: overdue subscription not re-read');
    }
  }
  return overdue.length;
}
