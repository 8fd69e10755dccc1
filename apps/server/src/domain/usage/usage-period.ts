import type { Db } from '../../db/client.ts';
import { findSubscription } from './usage-repository.ts';

/** Subscription statuses that keep a paid plan (past_due: the plan stays while Stripe retries the charge). */
export const LIVE_SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due'] as const;

export interface UsagePeriod {
  start: Date;
  end: Date;
  /** 'billing' for a paid plan with a live subscription, 'calendar' otherwise. */
  kind: 'billing' | 'calendar';
}

/**
 * The window monthly counters (AI messages, trainings) are measured in: the subscription's current
 * billing period for a paid plan, the calendar month (UTC) for the free plan and plans without a
 * Stripe subscription (docs/decisions/012-payments-stripe-and-local-stand-in.md).
 */
export async function usagePeriod(
  db: Db,
  accountId: string,
  planId: string | null,
  now = new Date(),
): Promise<UsagePeriod> {
  const sub = planId ? await findSubscription(db, accountId) : null;
  if (
    sub &&
    sub.planId === planId &&
    (LIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(sub.status) &&
    sub.currentPeriodStart <= now &&
    now < sub.currentPeriodEnd
  ) {
    return { start: sub.currentPeriodStart, end: sub.currentPeriodEnd, kind: 'billing' };
  }
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end, kind: 'calendar' };
}
