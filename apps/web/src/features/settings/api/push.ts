import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PushPreferences, PushSettings, PushSubscriptionDto } from '@vendai/contracts';
import { api } from '@/lib/api-client';

const pushKeys = { settings: ['push'] as const };

/** GET /api/push: the server's key, the member's choices and browsers (docs/decisions/067-web-push.md). */
export function usePushSettings() {
  return useQuery({ queryKey: pushKeys.settings, queryFn: () => api.get<PushSettings>('/api/push') });
}

export function useSavePushPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: PushPreferences) => api.put<PushPreferences>('/api/push/preferences', preferences),
    onSuccess: (preferences) =>
      queryClient.setQueryData<PushSettings>(pushKeys.settings, (old) => (old ? { ...old, preferences } : old)),
  });
}

/** Stores this browser's subscription (PushSubscription.toJSON()); the same browser again is the same row. */
export function useSaveSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subscription: PushSubscriptionJSON) =>
      api.post<PushSubscriptionDto>('/api/push/subscriptions', subscription as never),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: pushKeys.settings }),
  });
}

export function useDeleteSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/push/subscriptions/${encodeURIComponent(id)}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: pushKeys.settings }),
  });
}
