import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AgentSummary } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { inboxKeys } from './query-keys';

/** The user's agents, for the number→agent picker. */
export const getAgents = () => api.get<AgentSummary[]>('/api/agents');

export const agentsQueryOptions = queryOptions({ queryKey: inboxKeys.agents, queryFn: getAgents });

export function useAgents() {
  return useQuery(agentsQueryOptions);
}
