import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageDto } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { appendMessage, OPTIMISTIC_PREFIX, settleOptimistic, type MessagePages } from '../lib/cache-updates';
import { conversationKeys } from './query-keys';

/** The owner's manual message (the conversation engine's route): stored, sent, and the AI steps back. */
export const sendMessage = ({ convId, text }: { convId: string; text: string }) =>
  api.post<MessageDto>(`/api/conversations/${encodeURIComponent(convId)}/messages`, { text });

let sequence = 0;

/**
 * docs/product/rules.md#states-and-transitions "Chat send": an optimistic bubble with a sending marker, replaced by the stored message
 * or removed on failure (the caller shows the toast and gives the text back to the composer).
 */
export function useSendMessage(convId: string) {
  const queryClient = useQueryClient();
  const key = conversationKeys.messages(convId);
  return useMutation({
    mutationFn: (text: string) => sendMessage({ convId, text }),
    onMutate: async (text) => {
      // A loaded chat is held still for the optimistic bubble. A first page still loading is left to load: cancelled
      // with nothing cached, the query went back to pending and nothing fetched it again (a skeleton for good).
      if (queryClient.getQueryData(key)) await queryClient.cancelQueries({ queryKey: key });
      sequence += 1;
      const tempId = `${OPTIMISTIC_PREFIX}${Date.now()}-${sequence}`;
      const optimistic: MessageDto = {
        id: tempId,
        convId,
        direction: 'out',
        content: text,
        fromMe: true,
        author: 'owner_app',
        messageType: 'text',
        status: 'pending',
        error: null,
        createdAt: new Date().toISOString(),
        media: null,
      };
      queryClient.setQueryData<MessagePages>(key, (data) => appendMessage(data, optimistic));
      return { tempId };
    },
    onSuccess: (stored, _text, context) => {
      // The chat's first page was still loading, perhaps read before this message was stored: read it again (a
      // refetch while a first read is in flight would only join that read, so it is cancelled first).
      if (!queryClient.getQueryData(key)) {
        void queryClient
          .cancelQueries({ queryKey: key })
          .then(() => queryClient.refetchQueries({ queryKey: key, type: 'active' }));
        return;
      }
      queryClient.setQueryData<MessagePages>(key, (data) => settleOptimistic(data, context.tempId, stored));
    },
    onError: (_err, _text, context) => {
      if (context) queryClient.setQueryData<MessagePages>(key, (data) => settleOptimistic(data, context.tempId, null));
    },
  });
}
