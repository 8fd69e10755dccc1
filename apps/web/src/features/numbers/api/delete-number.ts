import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { numberKeys, usageKeys } from '@/lib/api/query-keys';

/** Excluir: logout and delete at the gateway, then the number and its conversations. */
export const deleteNumber = (id: string) => api.delete<null>(`/api/numbers/${encodeURIComponent(id)}`);

export function useDeleteNumber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNumber,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: numberKeys.all });
      void queryClient.invalidateQueries({ queryKey: usageKeys.all });
    },
  });
}
