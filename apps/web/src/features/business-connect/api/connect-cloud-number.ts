import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConnectCloudNumberInput, NumberView } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { numberKeys, usageKeys } from '@/lib/api/query-keys';

/** POST /api/numbers/cloud: the Embedded Signup's code becomes a connected number (the server exchanges it). */
export const connectCloudNumber = (input: ConnectCloudNumberInput) => api.post<NumberView>('/api/numbers/cloud', input);

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
