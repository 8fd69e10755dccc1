import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ConversationDto } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { placeInFilteredList, upsertConversation, type ConversationPages } from '../lib/cache-updates';
import type { ConversationListFilter } from '../components/list-filter';
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
export function storeConversation(queryClient: QueryClient, incoming: ConversationDto) {
  const dto = withKnownAssignee(queryClient, incoming);
  queryClient.setQueryData<ConversationPages>(conversationKeys.list, (data) => upsertConversation(data, dto));
  for (const [key, data] of queryClient.getQueriesData<ConversationPages>({
    queryKey: conversationKeys.list,
    predicate: isFilteredList,
  }))
    queryClient.setQueryData(key, placeInFilteredList(data, dto, (key[2] ?? {}) as ConversationListFilter));
  queryClient.setQueryData(conversationKeys.detail(dto.id), dto);
}

/** The engine's own events do not say who a conversation is assigned to (decision 044): keep what is known. */
function withKnownAssignee(queryClient: QueryClient, dto: ConversationDto): ConversationDto {
  if (dto.assignedUserId !== undefined) return dto;
  const known = queryClient.getQueryData<ConversationDto>(conversationKeys.detail(dto.id));
  return known?.assignedUserId !== undefined ? { ...dto, assignedUserId: known.assignedUserId } : dto;
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
