import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Agent, UpdateAgentInput } from '@vendai/contracts';
import { api } from '@/lib/api-client';

/** PATCH the prompt or the response delay (part 2 §4: the delay saves at once). */
export const updateAgent = ({ id, ...input }: UpdateAgentInput & { id: string }) =>
  api.patch<Agent>(`/api/agents/${encodeURIComponent(id)}`, input);

export function useUpdateAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAgent,
    onSuccess: (agent) => {
      queryClient.setQueryData(['agents', agent.id], agent);
      void queryClient.invalidateQueries({ queryKey: ['agents'] });
    },
  });
}
