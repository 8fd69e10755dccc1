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
      await queryClient.cancelQueries({ queryKey: key });
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
      queryClient.setQueryData<MessagePages>(key, (data) => settleOptimistic(data, context.tempId, stored));
    },
    onError: (_err, _text, context) => {
      if (context) queryClient.setQueryData<MessagePages>(key, (data) => settleOptimistic(data, context.tempId, null));
    },
  });
}
