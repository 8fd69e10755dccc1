import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUsage } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { usageKeys } from './query-keys';

/** GET /api/usage (user_current_usage); features invalidate usageKeys.all after creating or deleting. */
export const getUsage = () => api.get<CurrentUsage>('/api/usage');

export const usageQueryOptions = queryOptions({ queryKey: usageKeys.all, queryFn: getUsage });

export function useCurrentUsage() {
  return useQuery(usageQueryOptions);
}
