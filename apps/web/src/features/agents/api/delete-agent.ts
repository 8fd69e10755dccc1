import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { agentKeys, usageKeys } from '@/lib/api/query-keys';

/** Excluir: refused with 409 while a number links the agent ('Agente em uso'). */
export const deleteAgent = (id: string) => api.delete<null>(`/api/agents/${encodeURIComponent(id)}`);

export function useDeleteAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAgent,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: agentKeys.all });
      void queryClient.invalidateQueries({ queryKey: usageKeys.all });
    },
  });
}
