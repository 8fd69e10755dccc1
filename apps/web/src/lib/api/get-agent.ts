import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Agent } from '@vendai/contracts';
import { api, ApiError } from '@/lib/api-client';
import { agentKeys } from './query-keys';

/** GET /api/agents/:id, or /api/agents/current (the newest active agent) when there is no id. */
export const getAgent = (id: string | null) =>
  api.get<Agent>(id ? `/api/agents/${encodeURIComponent(id)}` : '/api/agents/current');

export const agentQueryOptions = (id: string | null) =>
  queryOptions({
    queryKey: id ? agentKeys.detail(id) : agentKeys.current(),
    queryFn: () => getAgent(id),
    // 404 (not found, or no agent yet) is an answer, not a hiccup to retry.
    retry: (count, err) => count < 2 && !(err instanceof ApiError && err.status === 404),
  });

/** The prompt workshop's agent (the newest active one without an id). */
export function useAgent(id: string | null) {
  return useQuery(agentQueryOptions(id));
}

/** The training wizard's agent being retrained (only its name is prefilled); none without an id. */
export function useAgentToRetrain(id: string | null) {
  return useQuery({ ...agentQueryOptions(id ?? ''), enabled: Boolean(id), retry: false });
}
