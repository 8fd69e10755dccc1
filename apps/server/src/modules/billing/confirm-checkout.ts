import { BILLING_MESSAGES, type BillingStatus } from '@vendai/contracts';
import type Stripe from 'stripe';
import { isStripeError } from '../../integrations/payments/stripe-payments.ts';
import { AppError } from '../../lib/app-error.ts';
import { requirePayments, upstream, type BillingDeps } from './billing-deps.ts';
import { getBillingStatus } from './get-billing-status.ts';
import { syncSubscription } from './sync-subscription.ts';

/**
 * Back on the success URL: the session is read from Stripe and, when it is the user's own and
 * complete, its subscription is applied now (the webhook may still be on its way; both converge).
 */
export async function confirmCheckout({
  deps,
  accountId,
  sessionId,
}: {
  deps: BillingDeps;
  accountId: string;
  sessionId: string;
}): Promise<BillingStatus> {
  const payments = requirePayments(deps);
  let session: Stripe.Checkout.Session;
  try {
    session = await payments.retrieveCheckoutSession(sessionId);
  } catch (err) {
    if (isStripeError(err) && (err.statusCode === 404 || err.code === 'resource_missing')) {
      throw new AppError('NOT_FOUND', BILLING_MESSAGES.checkoutNotFound);
    }
    return upstream(deps, err, 'confirm-checkout');
  }
  if (session.client_reference_id !== accountId) throw new AppError('NOT_FOUND', BILLING_MESSAGES.checkoutNotFound);
  const subscriptionId =
    typeof session.subscription === 'string' ? session.subscription : (session.subscription?.id ?? null);
  if (session.status === 'complete' && subscriptionId) {
    try {
      await syncSubscription(deps, subscriptionId, `checkout-return ${session.id}`);
    } catch (err) {
      return upstream(deps, err, 'confirm-checkout');
    }
  }
  return getBillingStatus({ deps, accountId });
}
