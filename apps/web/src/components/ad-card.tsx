import type { ConversationSource } from '@vendai/contracts';
import { ExternalLink, Link2, Megaphone } from 'lucide-react';
import { cn } from '@/lib/cn';

const when = new Intl.DateTimeFormat('pt-BR', {
  day: '2-digit',
  month: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * What brought the customer (docs/decisions/071-ad-attribution.md): the Click-to-WhatsApp ad's headline, text,
 * thumbnail and link as Meta (or the customer's phone) passed them on, or the owner's 'Link de origem'. Shown in
 * the chat above the message that came with it, and on the contact panel.
 */
export function AdCard({ source, compact = false }: { source: ConversationSource; compact?: boolean }) {
  const isAd = source.kind === 'ad';
  const free = source.freeEntryUntil && new Date(source.freeEntryUntil).getTime() > Date.now();
  return (
    <div
      className={cn(
        'flex gap-3 rounded-xl border bg-white p-3 text-left',
        isAd ? 'border-indigo-200' : 'border-emerald-200',
        compact ? 'w-full' : 'max-w-sm',
      )}
      data-testid="ad-card"
    >
      {source.thumbnailUrl ? (
        <img
          src={source.thumbnailUrl}
          alt=""
          className="size-14 shrink-0 rounded-lg bg-slate-100 object-cover"
          loading="lazy"
          referrerPolicy="no-referrer"
        />
      ) : (
        <span
          className={cn(
            'flex size-10 shrink-0 items-center justify-center rounded-lg',
            isAd ? 'bg-indigo-50 text-indigo-700' : 'bg-emerald-50 text-emerald-700',
          )}
          aria-hidden
        >
          {isAd ? <Megaphone className="size-5" /> : <Link2 className="size-5" />}
        </span>
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p className="text-xs font-medium text-slate-600">
          {isAd ? 'Veio de um anúncio' : 'Veio pelo link de origem'}
          {source.reliability === 'device' ? ' (informado pelo celular do cliente)' : ''}
        </p>
        <p className="text-sm font-semibold break-words text-slate-900">
          {source.headline ?? (isAd ? 'Anúncio sem título' : 'Link')}
        </p>
        {source.body && !compact ? <p className="line-clamp-2 text-xs text-slate-700">{source.body}</p> : null}
        <p className="text-xs text-slate-600">
          <time dateTime={source.receivedAt}>{when.format(new Date(source.receivedAt))}</time>
          {source.linkCode ? ` · código ${source.linkCode}` : ''}
        </p>
        {free ? (
          <p className="text-xs text-emerald-800">Mensagens de atendimento grátis por 72 h (janela do anúncio).</p>
        ) : null}
        {source.url ? (
          <a
            href={source.url}
            target="_blank"
            rel="noreferrer noopener"
            className="inline-flex items-center gap-1 text-xs font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900"
          >
            Ver anúncio <ExternalLink className="size-3" aria-hidden />
          </a>
        ) : null}
      </div>
    </div>
  );
}
