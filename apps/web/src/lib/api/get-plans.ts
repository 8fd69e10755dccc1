import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Plan } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { planKeys } from './query-keys';

/** GET /api/plans: the active plans ordered by sort_order. */
export const getPlans = () => api.get<Plan[]>('/api/plans');

export const plansQueryOptions = queryOptions({
  queryKey: planKeys.all,
  queryFn: getPlans,
  staleTime: 5 * 60_000,
  retry: 1,
});

export function usePlans() {
  return useQuery(plansQueryOptions);
}
