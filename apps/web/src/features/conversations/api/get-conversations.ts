import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ConversationPage } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { useListFilter, type ConversationListFilter } from '../components/list-filter';
import { conversationKeys } from './query-keys';

/** One keyset page of conversations, newest first (30 a page), narrowed by the filter when there is one. */
export const getConversations = (cursor: string | null, filter: ConversationListFilter = {}) => {
  const query = new URLSearchParams();
  if (cursor) query.set('cursor', cursor);
  if (filter.labelId) query.set('labelId', filter.labelId);
  if (filter.assignment) query.set('filter', filter.assignment);
  const search = query.toString();
  return api.get<ConversationPage>(`/api/conversations${search ? `?${search}` : ''}`);
};

export const conversationsQueryOptions = (filter: ConversationListFilter = {}) =>
  infiniteQueryOptions({
    queryKey: filter.labelId || filter.assignment ? conversationKeys.filteredList(filter) : conversationKeys.list,
    queryFn: ({ pageParam }) => getConversations(pageParam, filter),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Realtime keeps the loaded pages current and a reconnection refetches them: no refetch on every mount.
    staleTime: 60_000,
  });

/** The inbox's list, with the filter the inbox is showing (list-filter). */
export function useConversations({ enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...conversationsQueryOptions(useListFilter()), enabled });
}
