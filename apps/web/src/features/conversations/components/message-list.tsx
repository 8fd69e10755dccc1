import type { MessageDto } from '@vendai/contracts';
import { RefreshCw } from 'lucide-react';
import { Fragment, useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useMessages } from '../api/get-messages';
import { flattenMessages } from '../lib/cache-updates';
import { chatDayLabel, dayKey } from '../lib/date-label';
import { useNow } from '../hooks/use-now';
import { useFoundMessage } from '../search/found-message';
import { MessageBubble } from './message-bubble';
import { AdCard } from '@/components/ad-card';
import { useContactPanel } from '@/lib/api/contact-panel';

/** docs/product/limits.md: older messages load within 100 px of the top; new ones scroll into view within 200 px of the bottom. */
const LOAD_OLDER_PX = 100;
const STICK_TO_BOTTOM_PX = 200;

const isOwnTyped = (m: MessageDto) => m.author === 'owner_app';

/**
 * The chat's messages. Loading an older page keeps what is on screen in place (the distance from
 * the bottom is kept across the insertion); a new message scrolls into view when the reader is near
 * the bottom, and always when the owner just sent it.
 */
export function MessageList({ convId }: { convId: string }) {
  const query = useMessages(convId);
  const messages = useMemo(() => flattenMessages(query.data), [query.data]);
  const now = useNow();
  // The ads and links the customer came from, each shown above the message that carried it (decision 071).
  const sources = useContactPanel(convId).data?.sources;
  const sourceOf = useMemo(() => new Map((sources ?? []).map((s) => [s.messageId, s])), [sources]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLUListElement>(null);
  const nearBottom = useRef(true);
  const keepFromBottom = useRef<number | null>(null);
  const newestId = useRef<string | null>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useFoundMessage({ scrollRef, loaded: messages, hasNextPage, isFetchingNextPage, fetchNextPage });

  const loadOlder = useCallback(() => {
    const el = scrollRef.current;
    if (!el || !hasNextPage || isFetchingNextPage) return;
    keepFromBottom.current = el.scrollHeight - el.scrollTop;
    void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    nearBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight <= STICK_TO_BOTTOM_PX;
    if (el.scrollTop <= LOAD_OLDER_PX) loadOlder();
  };

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el || !messages.length) return;
    if (keepFromBottom.current !== null && !isFetchingNextPage) {
      el.scrollTop = el.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    }
    const newest = messages.at(-1)!;
    if (newest.id !== newestId.current) {
      const first = newestId.current === null;
      newestId.current = newest.id;
      if (first || nearBottom.current || isOwnTyped(newest)) {
        el.scrollTop = el.scrollHeight;
        nearBottom.current = true;
      }
    }
    // A first page shorter than the panel has no scroll bar: keep loading while the top is in view.
    if (el.scrollTop <= LOAD_OLDER_PX && el.scrollHeight <= el.clientHeight + LOAD_OLDER_PX) loadOlder();
  }, [messages, isFetchingNextPage, loadOlder]);

  // Pictures and players that take their size after loading keep a reader at the bottom there.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    const content = contentRef.current;
    if (!el || !content || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (nearBottom.current && keepFromBottom.current === null) el.scrollTop = el.scrollHeight;
    });
    observer.observe(content);
    return () => observer.disconnect();
  }, [query.isPending]);

  if (query.isPending) return <ChatSkeleton />;
  if (query.isError && !messages.length) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center" role="alert">
        <p className="text-sm text-slate-700">Não foi possível carregar as mensagens. {query.error.message}</p>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          <RefreshCw aria-hidden /> Tentar novamente
        </Button>
      </div>
    );
  }

  return (
    <div
      ref={scrollRef}
      onScroll={onScroll}
      className="relative min-h-0 flex-1 overflow-y-auto bg-slate-50 px-3 py-4 sm:px-6"
      data-testid="message-scroll"
      tabIndex={0}
      aria-label="Mensagens"
    >
      {isFetchingNextPage ? (
        <div className="flex justify-center pb-3">
          <Spinner label="Carregando mensagens anteriores..." className="size-4" />
        </div>
      ) : query.isFetchNextPageError ? (
        <div className="flex justify-center pb-3">
          <Button variant="secondary" size="sm" onClick={loadOlder}>
            Tentar carregar mensagens anteriores
          </Button>
        </div>
      ) : !hasNextPage && messages.length ? (
        <p className="pb-3 text-center text-xs text-slate-600">Início da conversa</p>
      ) : null}
      {!messages.length ? (
        <p className="py-10 text-center text-sm text-slate-600">Nenhuma mensagem nesta conversa ainda.</p>
      ) : null}
      <ul ref={contentRef} className="flex flex-col gap-2">
        {messages.map((m, i) => {
          const newDay = i === 0 || dayKey(m.createdAt) !== dayKey(messages[i - 1]!.createdAt);
          const source = sourceOf.get(m.id);
          return (
            <Fragment key={m.id}>
              {newDay ? (
                <li className="flex justify-center py-1">
                  <span className="rounded-full bg-white px-3 py-0.5 text-xs font-medium text-slate-600 shadow-sm">
                    {chatDayLabel(m.createdAt, now)}
                  </span>
                </li>
              ) : null}
              {source ? (
                <li className="flex justify-start">
                  <AdCard source={source} />
                </li>
              ) : null}
              <MessageBubble message={m} />
            </Fragment>
          );
        })}
      </ul>
    </div>
  );
}

function ChatSkeleton() {
  return (
    <div
      className="flex min-h-0 flex-1 flex-col justify-end gap-3 bg-slate-50 px-6 py-4"
      aria-busy="true"
      aria-label="Carregando mensagens"
    >
      {[56, 40, 64, 32, 48].map((w, i) => (
        <div key={i} className={i % 2 ? 'flex justify-end' : 'flex justify-start'}>
          <span className="h-10 animate-pulse rounded-2xl bg-slate-200" style={{ width: `${w}%` }} />
        </div>
      ))}
    </div>
  );
}
