import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { usageQueryOptions } from '@/lib/usage';
import { numbersQueryOptions } from './get-numbers';

/** Excluir: logout and delete at the gateway, then the number and its conversations. */
export const deleteNumber = (id: string) => api.delete<null>(`/api/numbers/${encodeURIComponent(id)}`);

export function useDeleteNumber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNumber,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: numbersQueryOptions.queryKey });
      void queryClient.invalidateQueries({ queryKey: usageQueryOptions.queryKey });
    },
  });
}
