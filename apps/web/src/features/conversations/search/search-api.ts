import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { InboxSearchResult } from '@vendai/contracts';
import { api } from '@/lib/api-client';

export const searchKeys = {
  all: ['inbox-search'] as const,
  query: (q: string) => ['inbox-search', q] as const,
};

export const searchInbox = (q: string, cursor: string | null) =>
  api.get<InboxSearchResult>(
    `/api/inbox-search?${new URLSearchParams({ q, ...(cursor ? { cursor } : {}) }).toString()}`,
  );

/** The search box's answer, 20 messages a page; the previous answer stays on screen while the next loads. */
export function useInboxSearch(q: string) {
  return useInfiniteQuery({
    queryKey: searchKeys.query(q),
    queryFn: ({ pageParam }) => searchInbox(q, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
