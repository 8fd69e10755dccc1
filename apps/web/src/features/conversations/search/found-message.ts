import { useEffect, useRef, type RefObject } from 'react';
import { useSearchParams } from 'react-router';

const PARAM = 'mensagem';
/** Pages of 30 read back at most, looking for the found message (a chat of 1,500 messages). */
const MAX_PAGES = 50;
const FOUND_CLASSES = ['rounded-xl', 'bg-amber-100/70', 'ring-2', 'ring-amber-300'];

/** The address of a chat opened at a found message: ?conversa=…&mensagem=… (reload and back keep it). */
export function foundMessageSearch(convId: string, messageId: string): string {
  return `?${new URLSearchParams({ conversa: convId, [PARAM]: messageId }).toString()}`;
}

/**
 * Opening a chat from a search result: older pages load until the found message is there, then it is
 * scrolled to the middle of the panel and marked (docs/decisions/040-inbox-search.md). Runs after the
 * list's own scrolling, so it wins over 'newest at the bottom' once.
 */
export function useFoundMessage({
  scrollRef,
  loaded,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
}: {
  scrollRef: RefObject<HTMLElement | null>;
  loaded: { id: string }[];
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}) {
  const [params] = useSearchParams();
  const target = params.get(PARAM);
  const pagesRead = useRef(0);
  const shown = useRef<string | null>(null);

  useEffect(() => {
    if (!target || shown.current === target || !loaded.length) return;
    if (!loaded.some((m) => m.id === target)) {
      if (hasNextPage && !isFetchingNextPage && pagesRead.current < MAX_PAGES) {
        pagesRead.current += 1;
        void fetchNextPage();
      }
      return;
    }
    const el = scrollRef.current?.querySelector<HTMLElement>(`[data-message-id="${CSS.escape(target)}"]`);
    if (!el) return;
    shown.current = target;
    scrollRef.current?.querySelectorAll('[data-found-message]').forEach((old) => {
      old.removeAttribute('data-found-message');
      old.classList.remove(...FOUND_CLASSES);
    });
    el.setAttribute('data-found-message', 'true');
    el.classList.add(...FOUND_CLASSES);
    el.scrollIntoView({ block: 'center' });
  }, [target, loaded, hasNextPage, isFetchingNextPage, fetchNextPage, scrollRef]);
}
