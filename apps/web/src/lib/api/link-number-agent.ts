import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NumberView } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { agentKeys, numberKeys } from './query-keys';

/**
 * PATCH /api/numbers/:id {agente}: the agent that answers on the number, or null (the AI stops answering
 * there). Shared by every screen that links or unlinks (training finish, agents, numbers, inbox).
 */
export const linkNumberAgent = ({ numberId, agentId }: { numberId: string; agentId: string | null }) =>
  api.patch<NumberView>(`/api/numbers/${encodeURIComponent(numberId)}`, { agente: agentId });

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
