import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  SimCloudErrorsInput,
  SimCloudMessageView,
  SimCloudNumberView,
  SimCloudSendInput,
  SimCloudSignupInput,
} from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { POLL_MS, simApi } from './query-keys';

/** The Cloud side of the simulator page (/simulator/ui-api/cloud): Meta's signup and the official-API numbers. */
const cloudApi = (path: string) => simApi(`/cloud${path}`);
const cloudKeys = {
  numbers: ['simulator', 'cloud', 'numbers'] as const,
  messages: (id: string) => ['simulator', 'cloud', 'numbers', id, 'messages'] as const,
};

export const approveCloudSignup = (input: SimCloudSignupInput) =>
  api.post<{ redirect: string }>(cloudApi('/signup'), input);

export function useApproveCloudSignup() {
  return useMutation({ mutationFn: approveCloudSignup });
}

export function useSimCloudNumbers() {
  return useQuery({
    queryKey: cloudKeys.numbers,
    queryFn: () => api.get<SimCloudNumberView[]>(cloudApi('/numbers')),
    refetchInterval: POLL_MS,
  });
}

export function useSimCloudMessages(phoneNumberId: string | null) {
  return useQuery({
    queryKey: cloudKeys.messages(phoneNumberId ?? ''),
    queryFn: () => api.get<SimCloudMessageView[]>(cloudApi(`/numbers/${encodeURIComponent(phoneNumberId!)}/messages`)),
    enabled: Boolean(phoneNumberId),
    refetchInterval: POLL_MS,
  });
}

export function useSendAsCloudCustomer(phoneNumberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SimCloudSendInput) =>
      api.post<SimCloudMessageView>(cloudApi(`/numbers/${encodeURIComponent(phoneNumberId)}/messages`), input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: cloudKeys.messages(phoneNumberId) }),
  });
}

export function useInjectCloudErrors(phoneNumberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SimCloudErrorsInput) =>
      api.post<SimCloudNumberView>(cloudApi(`/numbers/${encodeURIComponent(phoneNumberId)}/errors`), input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: cloudKeys.numbers }),
  });
}
