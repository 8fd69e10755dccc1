import { BILLING_MESSAGES, isFreePlan, type PortalSession } from '@vendai/contracts';
import { AppError } from '../../lib/app-error.ts';
import { requirePayments, upstream, type BillingDeps } from './billing-deps.ts';
import { readBillingProfile } from './billing-repository.ts';

/**
 * create-portal-session (docs/product/rules.md#states-and-transitions "Account portal"): the signed-in user's own Stripe billing portal.
 * A free plan (or price 0) has nothing to manage ('Plano Gratuito'); no stored customer id →
 * 'Acesso Indisponível' (404); a null price (sem-limites) is not free.
 */
export async function createPortalSession({
  deps,
  accountId,
}: {
  deps: BillingDeps;
  accountId: string;
}): Promise<PortalSession> {
  const profile = await readBillingProfile(deps.db, accountId);
  if (!profile) throw new AppError('UNAUTHENTICATED');
  if (isFreePlan(profile.plan)) throw new AppError('CONFLICT', BILLING_MESSAGES.freePlanNoPortal);
  if (!profile.stripeCustomerId) throw new AppError('NOT_FOUND', BILLING_MESSAGES.noCustomer);
  const payments = requirePayments(deps);
  try {
    return await payments.createPortalSession({
      customerId: profile.stripeCustomerId,
      returnUrl: `${deps.env.appUrl}/dashboard`,
    });
  } catch (err) {
    return upstream(deps, err, 'portal');
  }
}
