import type { BillingStatus } from '@vendai/contracts';
import { getOverageStatus } from '../../domain/usage/overage-ceiling.ts';
import type { BillingDeps } from './billing-deps.ts';
import { readBillingProfile, readSubscriptionRow } from './billing-repository.ts';

/** The signed-in user's subscription for the app's banner, pricing page and menu. */
export async function getBillingStatus({
  deps,
  accountId,
}: {
  deps: BillingDeps;
  accountId: string;
}): Promise<BillingStatus> {
  const [profile, sub, overage] = await Promise.all([
    readBillingProfile(deps.db, accountId),
    readSubscriptionRow(deps.db, accountId),
    getOverageStatus(deps.db, accountId),
  ]);
  const status = profile?.subscriptionStatus ?? null;
  return {
    status,
    currentPeriodEnd: sub ? sub.currentPeriodEnd.toISOString() : null,
    cancelAtPeriodEnd: sub?.cancelAtPeriodEnd ?? false,
    paymentFailed: status === 'past_due' || status === 'unpaid',
    salesUrl: deps.env.SALES_CONTACT_URL,
    paymentsEnabled: deps.payments !== null,
    overage,
  };
}
