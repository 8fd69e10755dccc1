import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccountSettings,
  BusinessSettings,
  OwnerAlertList,
  UpdateAccountSettingsInput,
  UpdateBusinessSettingsInput,
} from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { accountKeys, businessKeys } from '@/lib/api/query-keys';

const settingsKeys = {
  settings: ['settings'] as const,
  alerts: ['settings', 'alerts'] as const,
};

export function useSettings() {
  return useQuery({ queryKey: settingsKeys.settings, queryFn: () => api.get<AccountSettings>('/api/settings') });
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateAccountSettingsInput) => api.put<AccountSettings>('/api/settings', input),
    onSuccess: (data) => queryClient.setQueryData(settingsKeys.settings, data),
  });
}

/** The latest alerts sent to the owner's phone; refreshed every 15 s while the page is open. */
export function useOwnerAlerts() {
  return useQuery({
    queryKey: settingsKeys.alerts,
    queryFn: () => api.get<OwnerAlertList>('/api/settings/alerts'),
    refetchInterval: 15_000,
  });
}

export function useUpdateBusinessSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateBusinessSettingsInput) => api.put<BusinessSettings>('/api/settings/business', input),
    onSuccess: (data) => {
      queryClient.setQueryData(businessKeys.settings(), data);
      // The session's profile carries the time zone too.
      void queryClient.invalidateQueries({ queryKey: accountKeys.me() });
    },
  });
}

/** 'Dispensar' on the older texts moved into the business's facts: the list is emptied. */
export function useDismissMovedTexts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<void>('/api/settings/business/moved-texts'),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: businessKeys.settings() }),
  });
}
