import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordInput } from '@vendai/contracts';
import { api } from '@/lib/api-client';

/** The mail links to /reset-password?code=…; the server answers the same for unknown e-mails. */
export const requestPasswordReset = (input: ForgotPasswordInput) =>
  api.post('/api/auth/request-password-reset', {
    email: input.email,
    redirectTo: `${window.location.origin}/reset-password`,
  });

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
