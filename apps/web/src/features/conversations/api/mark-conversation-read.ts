import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConversationDto } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { storeConversation } from './update-conversation-ai';

/** Opening a conversation clears its unread count. */
export const markConversationRead = (id: string) =>
  api.post<ConversationDto>(`/api/conversations/${encodeURIComponent(id)}/read`);

export function useMarkConversationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markConversationRead,
    onSuccess: (dto) => storeConversation(queryClient, dto),
  });
}
