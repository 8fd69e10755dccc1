import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshMe } from '@/lib/auth';

/** POST /api/account/email-verification/confirm: the link's code confirms the e-mail; /me then says so. */
export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      api.post<{ status: 'confirmed' }>('/api/account/email-verification/confirm', { code }),
    // The page's first /me read may still be on its way from before the confirmation (refreshMe).
    onSuccess: () => refreshMe(queryClient),
  });
}
