import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SimInstanceView } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { simApi, simulatorKeys } from './query-keys';

/** The phone unlinks the device: the app gets connection.update close (DESCONECTADO). */
export const disconnectInstance = (name: string) =>
  api.post<SimInstanceView>(simApi(`/instances/${encodeURIComponent(name)}/disconnect`));

export function useDisconnectInstance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectInstance,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: simulatorKeys.instances }),
  });
}
