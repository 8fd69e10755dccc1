import type Stripe from 'stripe';
import { subscriptionPeriod, subscriptionPriceIds } from '../../integrations/payments/payments.ts';
import { LIVE_SUBSCRIPTION_STATUSES } from '../../domain/usage/usage-period.ts';
import { requirePayments, type BillingDeps } from './billing-deps.ts';
import {
  applyPlanState,
  findFreePlanRow,
  findPlanByPriceIds,
  findAccountByCustomer,
  keepCustomerOnce,
  readBillingProfile,
} from './billing-repository.ts';

export type SyncOutcome = 'changed' | 'unchanged' | 'ignored';

/**
 * Re-reads a subscription from Stripe (never trusting an event's body) and makes the user's plan,
 * status and period match it: live (active, trialing, past_due) → the plan of its price; ended
 * (canceled, unpaid, incomplete_expired, paused) → the free plan. Stripe ends a subscription
 * cancelled "at period end" when that period is over, so the user keeps the paid plan until then.
 * Any order of events converges on the same state; an older subscription's end never undoes a newer one.
 */
export async function syncSubscription(
  deps: BillingDeps,
  subscriptionId: string,
  source: string,
): Promise<SyncOutcome> {
  const payments = requirePayments(deps);
  const sub = await payments.retrieveSubscription(subscriptionId);
  const customerId = typeof sub.customer === 'string' ? sub.customer : sub.customer.id;
  const accountId = await ownerOf(deps, sub, customerId);
  if (!accountId) {
    deps.log.warn({ subscriptionId, customerId }, 'payments: subscription of an unknown customer ignored');
    return 'ignored';
  }
  const profile = await readBillingProfile(deps.db, accountId);
  if (!profile) return 'ignored';
  const period = subscriptionPeriod(sub);
  const live = (LIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(sub.status);

  if (!live) {
    if (sub.status === 'incomplete') return 'ignored'; // first payment still pending: nothing granted yet
    // Only the subscription the user is on can take the plan away (not an older one, not one never applied).
    if (profile.activeSubscriptionId !== sub.id) return 'ignored';
    const free = await findFreePlanRow(deps.db);
    if (!free) throw new Error('free plan missing');
    const changed = await applyPlanState(deps.db, {
      userId: accountId,
      planId: free.id,
      status: 'canceled',
      subscription: { id: sub.id, periodStart: period.start, periodEnd: period.end, cancelAtPeriodEnd: false },
      source,
    });
    return changed ? 'changed' : 'unchanged';
  }

  const plan = await findPlanByPriceIds(
    deps.db,
    subscriptionPriceIds(sub).filter((p) => p !== payments.overagePriceId),
  );
  if (!plan) {
    deps.log.error(
      { subscriptionId, prices: subscriptionPriceIds(sub) },
      'payments: subscription price matches no plan (check STRIPE_PRICE_*)',
    );
    return 'ignored';
  }
  const changed = await applyPlanState(deps.db, {
    userId: accountId,
    planId: plan.id,
    status: sub.status,
    subscription: {
      id: sub.id,
      periodStart: period.start,
      periodEnd: period.end,
      cancelAtPeriodEnd: sub.cancel_at_period_end,
    },
    source,
  });
  return changed ? 'changed' : 'unchanged';
}

/** The user a subscription belongs to: by the stored customer id, else by metadata for a user with no customer yet. */
async function ownerOf(deps: BillingDeps, sub: Stripe.Subscription, customerId: string): Promise<string | null> {
  const byCustomer = await findAccountByCustomer(deps.db, customerId);
  if (byCustomer) return byCustomer;
  const claimed = sub.metadata?.user_id;
  if (!claimed) return null;
  const profile = await readBillingProfile(deps.db, claimed);
  if (!profile || profile.stripeCustomerId) return null;
  return (await keepCustomerOnce(deps.db, claimed, customerId)) === customerId ? claimed : null;
}
