import { z } from 'zod';
import { chargeOrderJob } from '../../domain/orders/charge-order-job-type.ts';
import { defineJobType } from '../../jobs/job.ts';
import { resumePaidNotice } from './apply-charge-state.ts';
import { checkChargeJob, dueChecks } from './check-charge.ts';
import {
  expireOverdueOrders,
  selectStuckOrders,
  selectUntoldPaidOrders,
  takeKnownDocuments,
} from './pix-orders-repository.ts';
import type { PixDeps } from './pix-deps.ts';

/** An order untouched this long in a state the charge job should have left is resumed. */
export const STUCK_ORDER_MINUTES = 3;
const BATCH = 100;
/** A paid order untold longer than this is left alone (a confirmation a day late would confuse more than help). */
const UNTOLD_PAID_HOURS = 24;

/**
 * 'pix.sweep-orders', every minute (one run across processes): resumes orders stuck in a state that
 * needs no one but VendAI (docs/decisions/055-pix-orders-state-machine.md).
 */
export const sweepOrdersJob = defineJobType({
  id: 'pix.sweep-orders',
  payload: z.object({}),
  cron: '* * * * *',
  queue: { retryLimit: 1, expireInSeconds: 5 * 60, deleteAfterSeconds: 3600 },
  batchSize: 1,
});

/**
 * Orders past STUCK_ORDER_MINUTES since their last change: 'pending' (charging) with no process
 * holding it — its job was lost (a process killed before queueing it, a deferred send that died with
 * its process); 'awaiting_document' whose payer's document is known (pix_payers: it arrived while the
 * order was being asked for), which takes it and goes back to 'pending'; 'awaiting_payment' whose Pix
 * never went out, or not all of it (a crash between the charge and the send, or during the send: its
 * lease lapsed). Each gets the charge job again, which is safe twice (charge-order.ts). Charged orders
 * past their expiry become 'expired' (nothing is sent). Charged orders still unpaid get their charge
 * read at the provider when their turn comes (check-charge.ts), in case its webhook was lost. Paid
 * orders never told (a crash between the move to paid and the notice) are told now, their event queued
 * again. Returns how many were resumed.
 */
export async function sweepOrders(deps: PixDeps, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - STUCK_ORDER_MINUTES * 60_000);
  const taken = await takeKnownDocuments(deps.db, before, now);
  const stuck = await selectStuckOrders(deps.db, before, now, BATCH);
  // Past the expiry VendAI set on the charge (CHARGE_VALID_HOURS): expired, with no message to the
  // customer, and the charge cancelled at the provider; a payment that still comes is counted
  // (expired → paid) and the owner told it came late.
  const expired = await expireOverdueOrders(deps.db, now);
  if (expired.length > 0) deps.log.info({ orders: expired.map((o) => o.id) }, 'pix: orders past their expiry');
  // Each expired order's charge is cancelled at the provider now (check-charge.ts), then the open charges read.
  for (const orderId of [...expired.map((o) => o.id), ...(await dueChecks(deps, now))])
    await deps.jobs.send(checkChargeJob, { orderId }, { singletonKey: orderId });
  // Paid in the last day but never told: the process died between the move to paid and the notice.
  const untold = await selectUntoldPaidOrders(
    deps.db,
    new Date(now.getTime() - UNTOLD_PAID_HOURS * 3_600_000),
    before,
    BATCH,
  );
  for (const order of untold) await resumePaidNotice(deps, order);
  const ids = new Set([...taken.map((o) => o.id), ...stuck.map((o) => o.id)]);
  for (const orderId of ids) await deps.jobs.send(chargeOrderJob, { orderId }, { singletonKey: orderId });
  if (ids.size > 0) deps.log.info({ orders: [...ids] }, 'pix: stuck orders resumed');
  return ids.size;
}
