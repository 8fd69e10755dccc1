import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ConversationDto } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { replaceConversation, upsertConversation, type ConversationPages } from '../lib/cache-updates';
import { conversationKeys } from './query-keys';

/** The AI/Manual switch of one conversation; off with `resumeInHours`: the AI comes back then (null: never). */
export const updateConversationAi = ({
  id,
  agenteAtivo,
  resumeInHours,
}: {
  id: string;
  agenteAtivo: boolean;
  resumeInHours?: number | null;
}) =>
  api.patch<ConversationDto>(`/api/conversations/${encodeURIComponent(id)}`, {
    agente_ativo: agenteAtivo,
    ...(resumeInHours === undefined ? {} : { ai_resumes_in_hours: resumeInHours }),
  });

/** Writes a conversation everywhere the inbox keeps it. */
export function storeConversation(queryClient: QueryClient, dto: ConversationDto) {
  queryClient.setQueryData<ConversationPages>(conversationKeys.list, (data) => upsertConversation(data, dto));
  queryClient.setQueriesData<ConversationPages>(
    { queryKey: conversationKeys.list, predicate: isFilteredList },
    (data) => replaceConversation(data, dto),
  );
  queryClient.setQueryData(conversationKeys.detail(dto.id), dto);
}

/** A list narrowed by a filter (conversationKeys.filteredList). */
export const isFilteredList = (query: { queryKey: readonly unknown[] }) => query.queryKey.length > 2;

export function useUpdateConversationAi() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateConversationAi,
    onSuccess: (dto) => storeConversation(queryClient, dto),
  });
}
