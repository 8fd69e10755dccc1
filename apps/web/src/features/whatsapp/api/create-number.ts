import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateNumberInput, CreatedNumber } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { usageQueryOptions } from '@/lib/usage';
import { numbersQueryOptions } from './get-numbers';

/** Adds the number, creates its instance at the gateway and returns the first QR. */
export const createNumber = (input: CreateNumberInput) => api.post<CreatedNumber>('/api/numbers', { ...input });

export function useCreateNumber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNumber,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: numbersQueryOptions.queryKey });
      void queryClient.invalidateQueries({ queryKey: usageQueryOptions.queryKey });
    },
  });
}
