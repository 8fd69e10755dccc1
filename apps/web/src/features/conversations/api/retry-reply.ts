import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageDto, RetryReplyResult } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { replaceMessage, type MessagePages } from '../lib/cache-updates';
import { conversationKeys } from './query-keys';

/** 'Tentar novamente' on an 'A IA não conseguiu responder' notice: the burst goes back to the AI's queue. */
export const retryReply = ({ convId, messageId }: { convId: string; messageId: string }) =>
  api.post<RetryReplyResult>(
    `/api/conversations/${encodeURIComponent(convId)}/messages/${encodeURIComponent(messageId)}/retry`,
  );

export function useRetryReply(message: MessageDto) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => retryReply({ convId: message.convId, messageId: message.id }),
    // The server answers with a message.updated too; the notice stops offering the retry at once.
    onSuccess: () =>
      queryClient.setQueryData<MessagePages>(conversationKeys.messages(message.convId), (data) =>
        replaceMessage(data, {
          ...message,
          aiFailure: message.aiFailure ? { ...message.aiFailure, retryable: false } : null,
        }),
      ),
  });
}
