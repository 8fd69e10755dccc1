import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConversationDto } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { storeConversation } from './update-conversation-ai';

/** 'Desfazer' on a customer's opt-out, at the customer's request (the owner's; audited on the server). */
const liftOptOut = (id: string) => api.delete<ConversationDto>(`/api/conversations/${encodeURIComponent(id)}/opt-out`);

export function useLiftOptOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: liftOptOut,
    onSuccess: (dto) => storeConversation(queryClient, dto),
  });
}
