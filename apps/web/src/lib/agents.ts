import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Agent, AgentSummary, UpdateAgentInput } from '@vendai/contracts';
import { api } from './api-client';
import { agentKeys } from './query-keys';

/**
 * The user's agents, read and updated from several features (agents page, prompt editor, inbox picker):
 * one list key, one update mutation, so every view of an agent is refreshed together.
 */
export const getAgents = () => api.get<AgentSummary[]>('/api/agents');

/** The user's agents (part 2 §7); every agent mutation invalidates agentKeys.all (and usageKeys.all). */
export const agentsQueryOptions = queryOptions({ queryKey: agentKeys.list(), queryFn: getAgents });

export function useAgents() {
  return useQuery(agentsQueryOptions);
}

/** PATCH the prompt or the response delay (part 2 §4: the delay saves at once). */
export const updateAgent = ({ id, ...input }: UpdateAgentInput & { id: string }) =>
  api.patch<Agent>(`/api/agents/${encodeURIComponent(id)}`, input);

export function useUpdateAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAgent,
    onSuccess: (agent) => {
      queryClient.setQueryData(agentKeys.detail(agent.id), agent);
      // Every view of the agents: the lists (agents page, inbox picker) and 'current'.
      void queryClient.invalidateQueries({ queryKey: agentKeys.all });
    },
  });
}
