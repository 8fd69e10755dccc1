import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OverageStatus } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { billingStatusQueryOptions } from '@/lib/api/get-billing-status';

/** PUT /api/billing/overage-ceiling: the owner's overage ceiling, in integer cents. */
export const setOverageCeiling = (ceilingCents: number) =>
  api.put<OverageStatus>('/api/billing/overage-ceiling', { ceilingCents });

export function useSetOverageCeiling() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setOverageCeiling,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingStatusQueryOptions.queryKey }),
  });
}
