import { useMutation } from '@tanstack/react-query';
import type { RegisterInput } from '@vendai/contracts';
import { api } from '@/lib/api-client';

export const register = (input: RegisterInput) =>
  api.post<{ user: { id: string; email: string } }>('/api/account/register', input);

export function useRegister() {
  return useMutation({
    mutationFn: register,
  });
}
