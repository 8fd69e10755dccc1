import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FunnelStageDto, FunnelStageInput, FunnelStageList } from '@vendai/contracts/funnel';
import { api } from '@/lib/api-client';
import { funnelKeys } from './funnel-keys';

/** GET /api/funnel/stages: the board's columns in order, with their counts. */
export function useStages() {
  return useQuery({
    queryKey: funnelKeys.stages,
    queryFn: async () => (await api.get<FunnelStageList>('/api/funnel/stages')).items,
  });
}

/** Create, rename, reorder or delete a stage; the whole board is read again after (cards may move). */
export function useStageMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: funnelKeys.all });
  return {
    create: useMutation({
      mutationFn: (input: FunnelStageInput) => api.post<FunnelStageDto>('/api/funnel/stages', input),
      onSuccess,
    }),
    rename: useMutation({
      mutationFn: ({ id, ...input }: FunnelStageInput & { id: string }) =>
        api.patch<FunnelStageDto>(`/api/funnel/stages/${id}`, input),
      onSuccess,
    }),
    reorder: useMutation({
      mutationFn: (stageIds: string[]) => api.put<FunnelStageList>('/api/funnel/stages/order', { stageIds }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.delete<void>(`/api/funnel/stages/${id}`),
      onSuccess,
    }),
  };
}
