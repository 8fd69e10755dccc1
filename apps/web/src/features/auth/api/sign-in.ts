import { useMutation } from '@tanstack/react-query';
import type { LoginInput } from '@vendai/contracts';
import { api } from '@/lib/api-client';

export const signIn = (input: LoginInput) => api.post('/api/auth/sign-in/email', input, { silent401: true });

export function useSignIn() {
  return useMutation({
    mutationFn: signIn,
  });
}
