import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConversationCount } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { conversationKeys } from './query-keys';

/** The exact number of conversations, fetched beside the first page (a separate, slower call). */
export const getConversationCount = () => api.get<ConversationCount>('/api/conversations/count');

export const conversationCountQueryOptions = queryOptions({
  queryKey: conversationKeys.count,
  queryFn: getConversationCount,
});

export function useConversationCount({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...conversationCountQueryOptions, enabled });
}
