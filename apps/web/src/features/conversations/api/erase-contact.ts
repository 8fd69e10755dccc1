import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EraseContactResult } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { conversationKeys } from './query-keys';

/** 'Apagar dados deste contato' (decision 031): the conversation and its messages and media go. */
export function useEraseContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (convId: string) =>
      api.delete<EraseContactResult>(`/api/privacy/conversations/${encodeURIComponent(convId)}`),
    onSuccess: (_result, convId) => {
      queryClient.removeQueries({ queryKey: conversationKeys.detail(convId) });
      queryClient.removeQueries({ queryKey: conversationKeys.messages(convId) });
      void queryClient.invalidateQueries({ queryKey: conversationKeys.all });
    },
  });
}
