import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AgentSummary } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { agentKeys } from './query-keys';

/** GET /api/agents: the user's agents (agents page, inbox picker, number linking, playground). */
export const getAgents = () => api.get<AgentSummary[]>('/api/agents');

/** Every agent mutation invalidates agentKeys.all (and usageKeys.all). */
export const agentsQueryOptions = queryOptions({ queryKey: agentKeys.list(), queryFn: getAgents });

export function useAgents() {
  return useQuery(agentsQueryOptions);
}

const activeOnly = (agents: AgentSummary[]) => agents.filter((a) => a.active);

/** The active agents, oldest first as the server lists them: the same cache entry, filtered. */
export function useActiveAgents() {
  return useQuery({ ...agentsQueryOptions, select: activeOnly });
}
