import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { usageQueryOptions } from '@/lib/usage';
import { agentsQueryOptions } from './get-agents';

/** Excluir: refused with 409 while a number links the agent ('Agente em uso'). */
export const deleteAgent = (id: string) => api.delete<null>(`/api/agents/${encodeURIComponent(id)}`);

export function useDeleteAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAgent,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: agentsQueryOptions.queryKey });
      void queryClient.invalidateQueries({ queryKey: usageQueryOptions.queryKey });
    },
  });
}
