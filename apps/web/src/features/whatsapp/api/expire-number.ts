import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExpireResult } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { usageQueryOptions } from '@/lib/usage';
import { numbersQueryOptions } from './get-numbers';

/** The countdown ran out: the server removes a number that never connected (part 1 §4). */
export const expireNumber = (id: string) => api.post<ExpireResult>(`/api/numbers/${encodeURIComponent(id)}/expire`);

export function useExpireNumber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: expireNumber,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: numbersQueryOptions.queryKey });
      void queryClient.invalidateQueries({ queryKey: usageQueryOptions.queryKey });
    },
  });
}
