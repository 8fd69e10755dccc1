import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Agent, UpdateAgentInput } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { agentKeys } from './query-keys';

/** PATCH /api/agents/:id: the prompt, the response delay or the quiet time (the delay saves at once). */
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
