import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SimSendAsCustomerInput, SimSendResult } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { simApi, simulatorKeys } from './query-keys';

/** The person writes as a customer: the simulator posts messages.upsert to the app. */
export const sendAsCustomer = (name: string, input: SimSendAsCustomerInput) =>
  api.post<SimSendResult>(simApi(`/instances/${encodeURIComponent(name)}/messages`), input);

export function useSendAsCustomer(name: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SimSendAsCustomerInput) => sendAsCustomer(name, input),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: simulatorKeys.chats(name) });
      void queryClient.invalidateQueries({ queryKey: simulatorKeys.chat(name, result.chatId) });
    },
  });
}
