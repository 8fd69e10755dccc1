import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AgentSummary } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { agentKeys } from '@/lib/query-keys';

/** The user's agents, for the number→agent picker. */
export const getAgents = () => api.get<AgentSummary[]>('/api/agents');

export const agentsQueryOptions = queryOptions({ queryKey: agentKeys.list(), queryFn: getAgents });

export function useAgents() {
  return useQuery(agentsQueryOptions);
}
