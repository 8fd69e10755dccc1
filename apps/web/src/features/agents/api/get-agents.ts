import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AgentSummary } from '@vendai/contracts';
import { api } from '@/lib/api-client';

export const getAgents = () => api.get<AgentSummary[]>('/api/agents');

/** The user's agents (part 2 §7); every agent mutation invalidates ['agents'] (and ['usage']). */
export const agentsQueryOptions = queryOptions({ queryKey: ['agents'], queryFn: getAgents });

export function useAgents() {
  return useQuery(agentsQueryOptions);
}
