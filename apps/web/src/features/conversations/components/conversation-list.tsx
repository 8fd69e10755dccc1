import { Inbox, RefreshCw } from 'lucide-react';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useConversationCount } from '../api/get-conversation-count';
import { useConversations } from '../api/get-conversations';
import { useNow } from '../hooks/use-now';
import { flattenConversations } from '../lib/cache-updates';
import { ConversationRow } from './conversation-row';
import { useListFilter } from './list-filter';
import { QUEUE_EMPTY, QueueTabs, type QueueState } from './queue-tabs';
import { useTeamPeople } from '@/lib/api/get-team';

/**
 * The conversation column: 30 at a time, newest first; the next page loads when the end of the list
 * comes within 1.5 viewport heights (docs/product/limits.md), watched by an IntersectionObserver on a sentinel.
 */
export function ConversationList({
  selectedId,
  rowMark,
  filterControl,
  queue,
}: {
  selectedId: string | null;
  /** Another feature's mark on a row (the route passes it). */
  rowMark?: (convId: string) => ReactNode;
  /** The control that sets the list's filter (the route passes it). */
  filterControl?: ReactNode;
  /** 'Minhas', 'Sem responsável', 'Todas' (with a team). */
  queue?: QueueState;
}) {
  const query = useConversations();
  const count = useConversationCount();
  const now = useNow();
  const items = useMemo(() => flattenConversations(query.data), [query.data]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const listFilter = useListFilter();
  const filtered = Boolean(listFilter.labelId);
  const hasTeam = useTeamPeople() !== null;
  const queueEmpty = listFilter.assignment ? QUEUE_EMPTY[listFilter.assignment] : null;

  useEffect(() => {
    const root = scrollRef.current;
    const sentinel = sentinelRef.current;
    if (!root || !sentinel || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { root, rootMargin: '0px 0px 150% 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, items.length]);

  const total = count.data?.total;
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex h-11 shrink-0 items-center justify-between gap-2 border-b border-slate-200 px-3">
        <h2 className="min-w-0 truncate text-sm font-semibold text-slate-900">
          {filtered || listFilter.assignment ? 'Conversas filtradas' : 'Todas as conversas'}
          {total !== undefined && !filtered && !listFilter.assignment ? (
            <span className="ml-1 font-normal text-slate-500">({total.toLocaleString('pt-BR')})</span>
          ) : null}
        </h2>
        <span className="flex shrink-0 items-center gap-2">
          {query.isRefetching && !query.isFetchingNextPage ? <Spinner className="size-4" /> : null}
          {filterControl}
        </span>
      </div>
      {queue && hasTeam ? <QueueTabs queue={queue} /> : null}
      <div ref={scrollRef} className="relative min-h-0 flex-1 overflow-y-auto" data-testid="conversation-scroll">
        {query.isPending ? (
          <ListSkeleton />
        ) : query.isError && !items.length ? (
          <div className="flex flex-col items-center gap-3 px-6 py-12 text-center" role="alert">
            <p className="text-sm text-slate-700">Não foi possível carregar as conversas. {query.error.message}</p>
            <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
              <RefreshCw aria-hidden /> Tentar novamente
            </Button>
          </div>
        ) : !items.length && queueEmpty && !filtered ? (
          <div className="flex flex-col items-center gap-2 px-6 py-12 text-center">
            <p className="font-semibold text-slate-900">{queueEmpty.title}</p>
            <p className="text-sm text-slate-600">{queueEmpty.text}</p>
          </div>
        ) : !items.length && filtered ? (
          <div className="flex flex-col items-center gap-2 px-6 py-12 text-center">
            <p className="font-semibold text-slate-900">Nenhuma conversa com este filtro</p>
            <p className="text-sm text-slate-600">Troque o filtro ou mostre todas as conversas.</p>
          </div>
        ) : !items.length ? (
          <div className="flex flex-col items-center gap-2 px-6 py-12 text-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
              <Inbox className="size-6" aria-hidden />
            </span>
            <p className="font-semibold text-slate-900">Nenhuma conversa ainda</p>
            <p className="text-sm text-slate-600">
              Quando um cliente mandar mensagem para o seu WhatsApp, a conversa aparece aqui na hora.
            </p>
          </div>
        ) : (
          <>
            <ul aria-label="Conversas">
              {items.map((c) => (
                <ConversationRow
                  key={c.id}
                  conversation={c}
                  isSelected={c.id === selectedId}
                  now={now}
                  mark={rowMark?.(c.id)}
                />
              ))}
            </ul>
            <div ref={sentinelRef} aria-hidden className="h-px" />
            {isFetchingNextPage ? (
              <div className="flex justify-center py-4">
                <Spinner label="Carregando mais conversas..." className="size-4" />
              </div>
            ) : query.isFetchNextPageError ? (
              <div className="flex justify-center py-4">
                <Button variant="secondary" size="sm" onClick={() => void fetchNextPage()}>
                  Tentar carregar mais
                </Button>
              </div>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}

function ListSkeleton() {
  return (
    <ul aria-label="Carregando conversas" aria-busy="true">
      {Array.from({ length: 8 }, (_, i) => (
        <li key={i} className="flex gap-3 border-b border-slate-100 px-3 py-3">
          <span className="size-11 shrink-0 animate-pulse rounded-full bg-slate-200" />
          <span className="flex flex-1 flex-col gap-2 pt-1">
            <span className="h-3 w-2/3 animate-pulse rounded bg-slate-200" />
            <span className="h-3 w-5/6 animate-pulse rounded bg-slate-100" />
            <span className="h-2.5 w-1/3 animate-pulse rounded bg-slate-100" />
          </span>
        </li>
      ))}
    </ul>
  );
}
