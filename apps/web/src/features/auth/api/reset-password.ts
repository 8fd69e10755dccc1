import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ResetLinkStatus } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { passwordResetKeys } from './query-keys';

export const resetLinkStatusQuery = (code: string) =>
  queryOptions({
    queryKey: passwordResetKeys.link(code),
    queryFn: () => api.get<{ status: ResetLinkStatus }>(`/api/account/password-reset/${encodeURIComponent(code)}`),
    retry: false,
    staleTime: Infinity,
  });

export function useResetLinkStatus(code: string | null) {
  return useQuery({ ...resetLinkStatusQuery(code ?? ''), enabled: Boolean(code) });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { code: string; password: string }) =>
      api.post('/api/auth/reset-password', { token: input.code, newPassword: input.password }),
  });
}
