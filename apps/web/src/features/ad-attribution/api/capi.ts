import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CapiSettings, CapiSettingsInput } from '@vendai/contracts';
import { api } from '@/lib/api-client';

const capiKeys = { all: ['capi'] as const };

/** GET /api/capi: the connected dataset (never the token) and the latest events sent to Meta. */
export function useCapiSettings() {
  return useQuery({
    queryKey: capiKeys.all,
    queryFn: () => api.get<CapiSettings>('/api/capi'),
    refetchInterval: 30_000,
  });
}

export function useSaveCapi() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CapiSettingsInput) => api.put<CapiSettings>('/api/capi', input),
    onSuccess: (data) => queryClient.setQueryData(capiKeys.all, data),
  });
}

export function useDisconnectCapi() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<void>('/api/capi'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: capiKeys.all }),
  });
}
