import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BillingStatus } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { billingKeys } from './query-keys';

/** GET /api/billing/status: the signed-in user's subscription (banner, pricing page, portal). */
export const getBillingStatus = () => api.get<BillingStatus>('/api/billing/status');

/** Invalidated after any plan change. */
export const billingStatusQueryOptions = queryOptions({
  queryKey: billingKeys.status(),
  queryFn: getBillingStatus,
  staleTime: 30_000,
});

export function useBillingStatus() {
  return useQuery(billingStatusQueryOptions);
}
