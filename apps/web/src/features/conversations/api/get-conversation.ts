import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConversationDto } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { conversationKeys } from './query-keys';

/** One conversation: a link to a chat not among the loaded rows still opens. */
export const getConversation = (id: string) => api.get<ConversationDto>(`/api/conversations/${encodeURIComponent(id)}`);

export const conversationQueryOptions = (id: string) =>
  queryOptions({ queryKey: conversationKeys.detail(id), queryFn: () => getConversation(id) });

export function useConversation(id: string | null, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...conversationQueryOptions(id ?? ''), enabled: enabled && !!id });
}
