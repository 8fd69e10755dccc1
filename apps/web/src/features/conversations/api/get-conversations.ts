import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ConversationPage } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { conversationKeys } from './query-keys';

/** One keyset page of conversations, newest first (30 a page). */
export const getConversations = (cursor: string | null) =>
  api.get<ConversationPage>(`/api/conversations${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);

export const conversationsQueryOptions = infiniteQueryOptions({
  queryKey: conversationKeys.list,
  queryFn: ({ pageParam }) => getConversations(pageParam),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
  // Realtime keeps the loaded pages current and a reconnection refetches them: no refetch on every mount.
  staleTime: 60_000,
});

export function useConversations({ enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...conversationsQueryOptions, enabled });
}
