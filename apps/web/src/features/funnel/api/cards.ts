import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { FunnelCard, FunnelCardPage, FunnelMove, FunnelStageDto } from '@vendai/contracts/funnel';
import { api } from '@/lib/api-client';
import { funnelKeys } from './funnel-keys';

export type CardPages = InfiniteData<FunnelCardPage, string | null>;

/** One column's cards, a page at a time ('Ver mais' asks the next). */
export function useColumnCards(stageId: string) {
  return useInfiniteQuery({
    queryKey: funnelKeys.cards(stageId),
    queryFn: ({ pageParam }) =>
      api.get<FunnelCardPage>(
        `/api/funnel/stages/${stageId}/cards${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export interface MoveRequest {
  card: FunnelCard;
  from: string;
  to: string;
}

/** The card out of a column's loaded pages. */
export function withoutCard(data: CardPages | undefined, convId: string): CardPages | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.filter((c) => c.convId !== convId) })) };
}

/** The card into a column's loaded pages, in its place by latest message. */
export function withCard(data: CardPages | undefined, card: FunnelCard): CardPages | undefined {
  if (!data) return data;
  const pages = data.pages.map((p) => ({ ...p, items: p.items.filter((c) => c.convId !== card.convId) }));
  const index = pages.findIndex((p) => p.items.some((c) => c.lastMessageAt < card.lastMessageAt));
  const at = index === -1 ? pages.length - 1 : index;
  if (at < 0) return data;
  const items = [...pages[at]!.items, card].sort((a, b) => (a.lastMessageAt < b.lastMessageAt ? 1 : -1));
  pages[at] = { ...pages[at]!, items };
  return { ...data, pages };
}

/**
 * PUT /api/funnel/conversations/:id/stage: the card moves at once on this board (and its columns'
 * counts), goes back if the server refuses, and both columns are read again after.
 */
export function useMoveCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ card, to }: MoveRequest) =>
      api.put<FunnelMove>(`/api/funnel/conversations/${card.convId}/stage`, { stageId: to }),
    onMutate: async ({ card, from, to }) => {
      await queryClient.cancelQueries({ queryKey: funnelKeys.all });
      const before = queryClient.getQueriesData({ queryKey: funnelKeys.all });
      queryClient.setQueryData<CardPages>(funnelKeys.cards(from), (d) => withoutCard(d, card.convId));
      queryClient.setQueryData<CardPages>(funnelKeys.cards(to), (d) => withCard(d, { ...card, movedBy: 'person' }));
      queryClient.setQueryData<FunnelStageDto[]>(funnelKeys.stages, (stages) =>
        stages?.map((s) => ({ ...s, count: s.count + (s.id === to ? 1 : 0) - (s.id === from ? 1 : 0) })),
      );
      return { before };
    },
    onError: (_err, _move, context) => {
      for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: (_data, _err, { from, to }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: funnelKeys.stages }),
        queryClient.invalidateQueries({ queryKey: funnelKeys.cards(from) }),
        queryClient.invalidateQueries({ queryKey: funnelKeys.cards(to) }),
      ]),
  });
}
