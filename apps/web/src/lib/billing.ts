import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BillingStatus, PortalSession } from '@vendai/contracts';
import { api } from './api-client';

/** The signed-in user's subscription (banner, pricing page, portal); invalidated after any plan change. */
export const billingStatusQueryOptions = queryOptions({
  queryKey: ['billing-status'],
  queryFn: () => api.get<BillingStatus>('/api/billing/status'),
  staleTime: 30_000,
});

export function useBillingStatus() {
  return useQuery(billingStatusQueryOptions);
}

/** create-portal-session (part 2 §7): the payment portal's address for the signed-in user. */
export const createPortalSession = () => api.post<PortalSession>('/api/billing/create-portal-session', {});

/** Leaves the app for an external page (checkout, portal); a function so tests can observe it. */
export function goToExternal(url: string) {
  window.location.assign(url);
}
