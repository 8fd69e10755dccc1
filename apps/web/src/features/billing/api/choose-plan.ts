import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BILLING_MESSAGES, type CheckoutSession, type Plan } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { billingStatusQueryOptions } from '@/lib/api/get-billing-status';
import { meQueryOptions } from '@/lib/auth';
import { usageQueryOptions } from '@/lib/api/get-usage';

/** activate-free-plan (docs/product/integrations.md): active at once, with the plan's limits. */
export const activateFreePlan = (planId: string) =>
  api.post<{ plan: Plan }>('/api/billing/activate-free-plan', { planId });

/** create-checkout-session (docs/product/integrations.md): the external checkout page's address. */
export async function createCheckoutSession(planId: string): Promise<string> {
  const res = await api.post<CheckoutSession>('/api/billing/create-checkout-session', { planId });
  if (!res?.checkout_url) throw new Error(BILLING_MESSAGES.sessionUrlMissing);
  return res.checkout_url;
}

export function useActivateFreePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateFreePlan,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey }),
        queryClient.invalidateQueries({ queryKey: usageQueryOptions.queryKey }),
        queryClient.invalidateQueries({ queryKey: billingStatusQueryOptions.queryKey }),
      ]);
    },
  });
}

export function useCreateCheckoutSession() {
  return useMutation({ mutationFn: createCheckoutSession });
}
