import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Agent } from '@vendai/contracts';
import { api, ApiError } from '@/lib/api-client';
import { agentKeys } from '@/lib/query-keys';

/** One agent by id, or the newest active one when there is no id (/ia-management without ?agent=). */
export const getAgent = (id: string | null) =>
  api.get<Agent>(id ? `/api/agents/${encodeURIComponent(id)}` : '/api/agents/current');

export const agentQueryOptions = (id: string | null) =>
  queryOptions({
    queryKey: id ? agentKeys.detail(id) : agentKeys.current(),
    queryFn: () => getAgent(id),
    // 404 (not found, or no agent yet) is an answer, not a hiccup to retry.
    retry: (count, err) => count < 2 && !(err instanceof ApiError && err.status === 404),
  });

export function useAgent(id: string | null) {
  return useQuery(agentQueryOptions(id));
}
