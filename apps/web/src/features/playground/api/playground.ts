import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlaygroundReply, PlaygroundRequest } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { usageKeys } from '@/lib/api/query-keys';

/**
 * One answer through our server (no AI key in the browser), split as WhatsApp would deliver it. Each
 * answer counts in the plan's monthly test allowance: the usage is read again afterwards.
 */
export function usePlaygroundReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PlaygroundRequest) => api.post<PlaygroundReply>('/api/playground/reply', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: usageKeys.all }),
  });
}
