import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Plan } from '@vendai/contracts';
import { api } from '@/lib/api-client';

/** Active plans ordered by sort_order (part 2 §7). */
export const plansQueryOptions = queryOptions({
  queryKey: ['plans'],
  queryFn: () => api.get<Plan[]>('/api/plans'),
  staleTime: 5 * 60_000,
  retry: 1,
});

export function usePlans() {
  return useQuery(plansQueryOptions);
}
