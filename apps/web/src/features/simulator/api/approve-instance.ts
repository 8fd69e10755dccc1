import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SimApproveInput, SimInstanceView } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { simApi, simulatorKeys } from './query-keys';

/** The phone scans the QR: the instance goes connecting → open and the app gets connection.update. */
export const approveInstance = (name: string, input: SimApproveInput) =>
  api.post<SimInstanceView>(simApi(`/instances/${encodeURIComponent(name)}/approve`), input);

export function useApproveInstance(name: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SimApproveInput) => approveInstance(name, input),
    onSuccess: (view) => {
      queryClient.setQueryData(simulatorKeys.instance(name), view);
      void queryClient.invalidateQueries({ queryKey: simulatorKeys.instances });
    },
  });
}
