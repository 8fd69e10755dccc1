import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@vendai/contracts';
import { api } from './api-client';
import { configKeys } from './query-keys';

/** GET /api/config: public settings (AI mode, tutorial links, business-platform app). Read once per visit. */
export const publicConfigQueryOptions = queryOptions({
  queryKey: configKeys.all,
  queryFn: () => api.get<PublicConfig>('/api/config'),
  staleTime: Infinity,
});

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions);
}
