import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AgentSummary } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { agentKeys } from '@/lib/query-keys';

export const getAgents = () => api.get<AgentSummary[]>('/api/agents');

/** The user's agents (part 2 §7); every agent mutation invalidates agentKeys.all (and usageKeys.all). */
export const agentsQueryOptions = queryOptions({ queryKey: agentKeys.list(), queryFn: getAgents });

export function useAgents() {
  return useQuery(agentsQueryOptions);
}
