import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { ConversationSearchResult } from '@vendai/contracts';
import { api } from '@/lib/api-client';

export const searchKeys = {
  all: ['conversation-search'] as const,
  query: (q: string) => ['conversation-search', q] as const,
};

export const runConversationSearch = (q: string, cursor: string | null) =>
  api.get<ConversationSearchResult>(
    `/api/inbox-search?${new URLSearchParams({ q, ...(cursor ? { cursor } : {}) }).toString()}`,
  );

/** The search box's answer, 20 messages a page; the previous answer stays on screen while the next loads. */
export function useConversationSearch(q: string) {
  return useInfiniteQuery({
    queryKey: searchKeys.query(q),
    queryFn: ({ pageParam }) => runConversationSearch(q, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
