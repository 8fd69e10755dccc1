import { formatPhone, type MessageSearchHit } from '@vendai/contracts';
import { FileText, Mic, RefreshCw, SearchX } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useNow } from '../hooks/use-now';
import { conversationSearch } from '../hooks/use-selected-conversation';
import { chatDateLabel } from '../lib/date-label';
import { contactDisplayName } from '../lib/display-names';
import { ContactAvatar } from '../components/contact-avatar';
import { HighlightTerm, MarkedSnippet } from './highlight';
import { foundMessageSearch } from './found-message';
import { useConversationSearch } from './search-api';

const SOURCE_LABEL: Record<MessageSearchHit['source'], { label: string; icon: typeof Mic } | null> = {
  message: null,
  transcript: { label: 'Áudio transcrito', icon: Mic },
  document: { label: 'Texto do documento', icon: FileText },
  description: { label: 'Descrição da imagem', icon: FileText },
};

/** What the search found: conversations by name or phone, then messages (20 a page), each opening the chat there. */
export function SearchResults({ query, selectedId }: { query: string; selectedId: string | null }) {
  const search = useConversationSearch(query);
  const now = useNow();
  const pages = search.data?.pages;
  const conversations = pages?.[0]?.conversations ?? [];
  const hits = useMemo(() => pages?.flatMap((p) => p.messages) ?? [], [pages]);

  if (search.isPending) return <Spinner label="Buscando..." className="m-6" />;
  if (search.isError && !pages) {
    return (
      <div className="flex flex-col items-center gap-3 px-6 py-12 text-center" role="alert">
        <p className="text-sm text-slate-700">Não foi possível buscar. {search.error.message}</p>
        <Button variant="secondary" size="sm" onClick={() => void search.refetch()}>
          <RefreshCw aria-hidden /> Tentar novamente
        </Button>
      </div>
    );
  }
  return (
    <div
      className={cn('min-h-0 flex-1 overflow-y-auto', search.isPlaceholderData && 'opacity-60')}
      data-testid="search-results"
      aria-busy={search.isFetching}
    >
      {!conversations.length && !hits.length ? (
        <div className="flex flex-col items-center gap-2 px-6 py-12 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
            <SearchX className="size-6" aria-hidden />
          </span>
          <p className="font-semibold text-slate-900">Nada encontrado para “{query}”</p>
          <p className="text-sm text-slate-600">Tente outra palavra, parte do nome do cliente ou do telefone.</p>
        </div>
      ) : null}
      {conversations.length ? (
        <section aria-label="Conversas encontradas">
          <h3 className="bg-slate-50 px-3 py-1.5 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            Conversas
          </h3>
          <ul>
            {conversations.map((c) => {
              const name = contactDisplayName(c);
              return (
                <li key={c.id}>
                  <Link
                    to={paths.conversations.getHref(conversationSearch(c.id))}
                    aria-current={c.id === selectedId ? 'true' : undefined}
                    data-testid="search-conversation"
                    className={cn(
                      'flex items-center gap-3 border-b border-slate-100 px-3 py-2.5 hover:bg-slate-50',
                      c.id === selectedId && 'bg-brand-50',
                    )}
                  >
                    <ContactAvatar convId={c.id} name={name} isGroup={c.type === 'group'} size="sm" />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-sm font-semibold text-slate-900">
                        <HighlightTerm text={name} term={query} />
                      </span>
                      {c.contactPhone && c.contactName ? (
                        <span className="block truncate text-xs text-slate-600">{formatPhone(c.contactPhone)}</span>
                      ) : null}
                    </span>
                    <span className="shrink-0 text-xs text-slate-500">{chatDateLabel(c.lastMessage, now)}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
      {hits.length ? (
        <section aria-label="Mensagens encontradas">
          <h3 className="bg-slate-50 px-3 py-1.5 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            Mensagens
          </h3>
          <ul>
            {hits.map((hit) => (
              <MessageHit key={hit.messageId} hit={hit} now={now} isOpen={hit.convId === selectedId} />
            ))}
          </ul>
          {search.hasNextPage ? (
            <div className="flex justify-center py-3">
              <Button
                variant="secondary"
                size="sm"
                disabled={search.isFetchingNextPage}
                onClick={() => void search.fetchNextPage()}
              >
                {search.isFetchingNextPage ? 'Carregando...' : 'Mais mensagens'}
              </Button>
            </div>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

function MessageHit({ hit, now, isOpen }: { hit: MessageSearchHit; now: Date; isOpen: boolean }) {
  const name = contactDisplayName({ ...hit, type: hit.conversationType, contactJid: '' });
  const source = SOURCE_LABEL[hit.source];
  return (
    <li>
      <Link
        to={paths.conversations.getHref(foundMessageSearch(hit.convId, hit.messageId))}
        data-testid="search-message"
        className={cn('block border-b border-slate-100 px-3 py-2.5 hover:bg-slate-50', isOpen && 'bg-brand-50/60')}
      >
        <span className="flex items-baseline gap-2">
          <span className="min-w-0 flex-1 truncate text-sm font-semibold text-slate-900">{name}</span>
          <span className="shrink-0 text-xs text-slate-500">{chatDateLabel(hit.createdAt, now)}</span>
        </span>
        {source ? (
          <span className="mt-0.5 flex items-center gap-1 text-[11px] font-medium text-slate-600">
            <source.icon className="size-3" aria-hidden /> {source.label}
          </span>
        ) : null}
        <span className="mt-0.5 line-clamp-2 text-sm text-slate-700">
          {hit.direction === 'out' ? <span className="text-slate-500">Enviada: </span> : null}
          <MarkedSnippet snippet={hit.snippet} />
        </span>
      </Link>
    </li>
  );
}
