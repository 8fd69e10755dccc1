import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegisterInput } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { meQueryOptions } from '@/lib/auth';

export const register = (input: RegisterInput) => api.post<{ user: { id: string; email: string } }>('/api/account/register', input);

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey }),
  });
}
