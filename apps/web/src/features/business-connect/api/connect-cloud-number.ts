import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConnectCloudNumberInput, ConnectedCloudNumber } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { numberKeys, usageKeys } from '@/lib/api/query-keys';

/**
 * POST /api/numbers/cloud: the Embedded Signup's code becomes a connected, registered number (the server
 * exchanges it) and its two-step verification PIN, answered this once.
 */
export const connectCloudNumber = (input: ConnectCloudNumberInput) =>
  api.post<ConnectedCloudNumber>('/api/numbers/cloud', input);

export function useConnectCloudNumber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: connectCloudNumber,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: numberKeys.all });
      void queryClient.invalidateQueries({ queryKey: usageKeys.all });
    },
  });
}
