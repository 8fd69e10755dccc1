import type { BillingDeps } from './billing-deps.ts';
import {
  claimMeterReports,
  listMeteredSubscriptions,
  listOverdueSubscriptions,
  markMeterReported,
  queueOverageReports,
  releaseMeterReport,
} from './meter-repository.ts';
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
  for (const s of await listMeteredSubscriptions(deps.db)) {
    result.queued += await queueOverageReports(deps.db, s, new Date(s.period_start), new Date(s.period_end));
  }

  for (;;) {
    const claimed = await claimMeterReports(deps.db, CLAIM_SECONDS, REPORT_BATCH);
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
        await markMeterReported(deps.db, row.message_id);
        result.reported += 1;
      } catch (err) {
        failedHere += 1;
        result.failed += 1;
        deps.log.warn(
          { err, messageId: row.message_id },
          'payments: meter event not reported; retried on the next pass',
        );
        await releaseMeterReport(deps.db, row.message_id, String((err as Error).message).slice(0, 500));
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
  const overdue = await listOverdueSubscriptions(deps.db, now);
  for (const subscriptionId of overdue) {
    try {
      await syncSubscription(deps, subscriptionId, 'period-end check');
    } catch (err) {
      deps.log.warn({ err, subscriptionId }, 'payments: overdue subscription not re-read');
    }
  }
  return overdue.length;
}
