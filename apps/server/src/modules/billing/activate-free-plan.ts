import { BILLING_MESSAGES, isFreePlan, type Plan } from '@vendai/contracts';
import { LIVE_SUBSCRIPTION_STATUSES } from '../../domain/usage/usage-period.ts';
import { AppError } from '../../lib/app-error.ts';
import type { BillingDeps } from './billing-deps.ts';
import { applyPlanState, findActivePlan, readBillingProfile } from './billing-repository.ts';
import { toPlan } from './to-plan.ts';

/**
 * activate-free-plan (docs/product/rules.md#states-and-transitions): the free plan is active at once, limits included. Someone paying
 * for a subscription cancels it in the portal instead (it then ends at the period's end).
 */
export async function activateFreePlan({
  deps,
  accountId,
  planId,
}: {
  deps: BillingDeps;
  accountId: string;
  planId: string;
}): Promise<{ plan: Plan }> {
  const plan = await findActivePlan(deps.db, planId);
  if (!plan) throw new AppError('NOT_FOUND', BILLING_MESSAGES.planNotFound);
  if (!isFreePlan(plan)) throw new AppError('VALIDATION', 'Este plano não é gratuito: escolha-o para ir ao pagamento.');
  const profile = await readBillingProfile(deps.db, accountId);
  if (!profile) throw new AppError('UNAUTHENTICATED');
  if (
    profile.activeSubscriptionId &&
    (LIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(profile.subscriptionStatus ?? '')
  ) {
    throw new AppError(
      'CONFLICT',
      'Você tem uma assinatura ativa. Para voltar ao plano gratuito, cancele-a em Gerenciar assinatura.',
    );
  }
  await applyPlanState(deps.db, {
    userId: accountId,
    planId: plan.id,
    status: 'active',
    subscription: null,
    source: 'activate-free-plan',
  });
  return { plan: toPlan(plan) };
}
