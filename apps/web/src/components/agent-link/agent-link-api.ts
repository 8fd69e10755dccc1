import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AgentSummary, NumberView } from '@vendai/contracts';
import { api } from '@/lib/api-client';

/**
 * The number↔agent link, shared by the screens that offer it (training finish, agents list,
 * WhatsApp list, inbox). Same query keys as the features' own lists, so one link updates them all.
 */
export const ownerNumbersQuery = queryOptions({
  queryKey: ['numbers'],
  queryFn: () => api.get<NumberView[]>('/api/numbers'),
});
export const ownerAgentsQuery = queryOptions({
  queryKey: ['agents'],
  queryFn: () => api.get<AgentSummary[]>('/api/agents'),
});

export const useOwnerNumbers = () => useQuery(ownerNumbersQuery);
export const useOwnerAgents = () => useQuery(ownerAgentsQuery);

/** PATCH /api/numbers/:id {agente}: the agent that answers on the number. */
export function useLinkAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ numberId, agentId }: { numberId: string; agentId: string }) =>
      api.patch<NumberView>(`/api/numbers/${encodeURIComponent(numberId)}`, { agente: agentId }),
    onSuccess: (updated) => {
      queryClient.setQueryData<NumberView[]>(['numbers'], (list) =>
        list?.map((n) => (n.id === updated.id ? updated : n)),
      );
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['numbers'] });
      void queryClient.invalidateQueries({ queryKey: ['agents'] });
      void queryClient.invalidateQueries({ queryKey: ['inbox', 'agents'] });
    },
  });
}
