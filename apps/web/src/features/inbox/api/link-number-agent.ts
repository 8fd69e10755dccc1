import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NumberView } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { agentKeys, numberKeys } from '@/lib/query-keys';

/** Links an agent to a number, or null ('Desativar Agente': the AI stops answering there). */
export const linkNumberAgent = ({ numberId, agente }: { numberId: string; agente: string | null }) =>
  api.patch<NumberView>(`/api/numbers/${encodeURIComponent(numberId)}`, { agente });

export function useLinkNumberAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkNumberAgent,
    onSuccess: (updated) => {
      queryClient.setQueryData<NumberView[]>(numberKeys.list(), (list) =>
        list?.map((n) => (n.id === updated.id ? updated : n)),
      );
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: numberKeys.all });
      void queryClient.invalidateQueries({ queryKey: agentKeys.all });
    },
  });
}
