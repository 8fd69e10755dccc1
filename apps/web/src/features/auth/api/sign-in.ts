import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { meQueryOptions } from '@/lib/auth';

export const signIn = (input: LoginInput) => api.post('/api/auth/sign-in/email', input, { silent401: true });

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey }),
  });
}
