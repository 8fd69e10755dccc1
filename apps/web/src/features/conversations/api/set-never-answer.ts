import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConversationDto, NeverAnswerInput } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { storeConversation } from './update-conversation-ai';

/** The contact's 'Nunca responder' switch (decision 015): kept for every conversation with this contact. */
const setNeverAnswer = ({ id, neverAnswer }: { id: string; neverAnswer: boolean }) =>
  api.put<ConversationDto>(`/api/conversations/${encodeURIComponent(id)}/never-answer`, {
    never_answer: neverAnswer,
  } satisfies NeverAnswerInput);

export function useSetNeverAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setNeverAnswer,
    onSuccess: (dto) => storeConversation(queryClient, dto),
  });
}
