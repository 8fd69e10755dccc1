import { BILLING_MESSAGES, type CheckoutSession, isFreePlan, isSalesOnlyPlan } from '@vendai/contracts';
import { LIVE_SUBSCRIPTION_STATUSES } from '../../domain/usage/usage-period.ts';
import { AppError } from '../../lib/app-error.ts';
import { requirePayments, upstream, type BillingDeps } from './billing-deps.ts';
import { findActivePlan, keepCustomerOnce, readBillingProfile } from './billing-repository.ts';

/** Where Stripe sends the person back (the web confirms the session on return). */
export const checkoutReturnUrls = (appUrl: string) => ({
  successUrl: `${appUrl}/dashboard?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
  cancelUrl: `${appUrl}/pricing?checkout=cancelled`,
});

/**
 * create-checkout-session (docs/product/integrations.md): a Stripe Checkout Session in subscription mode for the
 * plan's monthly price plus the metered overage price, for the signed-in user's Stripe customer
 * (created once and stored). Only for the signed-in user: nothing in the body names a user.
 */
export async function createCheckoutSession({
  deps,
  accountId,
  planId,
}: {
  deps: BillingDeps;
  accountId: string;
  planId: string;
}): Promise<CheckoutSession> {
  const plan = await findActivePlan(deps.db, planId);
  if (!plan) throw new AppError('NOT_FOUND', BILLING_MESSAGES.planNotFound);
  if (isSalesOnlyPlan(plan)) throw new AppError('VALIDATION', BILLING_MESSAGES.salesOnly);
  if (isFreePlan(plan)) throw new AppError('VALIDATION', 'O plano gratuito é ativado sem pagamento.');
  const payments = requirePayments(deps);
  const priceId = payments.priceIds[plan.slug];
  if (!priceId) throw new AppError('NOT_CONFIGURED', BILLING_MESSAGES.notConfigured);

  const profile = await readBillingProfile(deps.db, accountId);
  if (!profile) throw new AppError('UNAUTHENTICATED');
  if (
    profile.activeSubscriptionId &&
    (LIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(profile.subscriptionStatus ?? '')
  ) {
    if (profile.plan?.id === plan.id) throw new AppError('CONFLICT', BILLING_MESSAGES.alreadyOnPlan);
    throw new AppError('CONFLICT', 'Você já tem uma assinatura ativa. Para trocar de plano, use Gerenciar assinatura.');
  }

  try {
    let customerId = profile.stripeCustomerId;
    if (!customerId) {
      const created = await payments.createCustomer({ accountId, email: profile.email, name: profile.name });
      customerId = await keepCustomerOnce(deps.db, accountId, created);
    }
    const { successUrl, cancelUrl } = checkoutReturnUrls(deps.env.appUrl);
    const session = await payments.createCheckoutSession({
      accountId,
      customerId,
      planId: plan.id,
      planSlug: plan.slug,
      priceId,
      successUrl,
      cancelUrl,
    });
    if (!session.url) throw new AppError('UPSTREAM', BILLING_MESSAGES.sessionUrlMissing);
    return { checkout_url: session.url };
  } catch (err) {
    return upstream(deps, err, 'checkout');
  }
}
