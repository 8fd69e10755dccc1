import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { MessagePage } from '@vendai/contracts';
import { api } from '@/lib/api-client';
import { conversationKeys } from './query-keys';

/** The latest 30 messages, then older pages by keyset; each page oldest first. */
export const getMessages = (convId: string, cursor: string | null) =>
  api.get<MessagePage>(
    `/api/conversations/${encodeURIComponent(convId)}/messages${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
  );

export const messagesQueryOptions = (convId: string) =>
  infiniteQueryOptions({
    queryKey: conversationKeys.messages(convId),
    queryFn: ({ pageParam }) => getMessages(convId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Realtime appends new messages and a reconnection refetches: reopening a chat shows it at once.
    staleTime: 60_000,
  });

export function useMessages(convId: string) {
  return useInfiniteQuery(messagesQueryOptions(convId));
}
