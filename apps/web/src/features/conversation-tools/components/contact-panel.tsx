import { formatPhone } from '@vendai/contracts';
import { MessagesSquare, X } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useConversationLabelIds, useLabels } from '../api/labels';
import { AdCard } from '@/components/ad-card';
import { NextAppointment } from '@/components/next-appointment';
import { useContactPanel } from '@/lib/api/contact-panel';
import { useContactPanelOpen } from '../hooks/use-conversation-tools-state';
import { formatDate, formatDateTime } from '../lib/format';
import { labelsOf } from '../lib/label-colors';
import { LabelChip } from './label-chip';
import { LabelPicker } from './label-picker';
import { NotesSection } from './notes-section';

/**
 * The contact panel beside the open chat (a drawer over it on a phone): the customer's name and phone,
 * the next appointment (the agenda), the conversation's labels, the team's notes, what the route adds (`extra`: the marketing consent) and the
 * customer's other conversations with the account.
 */
export function ContactPanel({ convId, extra }: { convId: string; extra?: ReactNode }) {
  const [open, setOpen] = useContactPanelOpen();
  // On a phone the panel is a drawer over the chat: Esc closes it, as it would a dialog.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented && window.matchMedia('(max-width: 767px)').matches) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, setOpen]);
  if (!open) return null;
  return (
    <>
      <div className="fixed inset-0 z-30 bg-slate-900/40 md:hidden" aria-hidden onClick={() => setOpen(false)} />
      <aside
        aria-label="Painel do contato"
        className={cn(
          'fixed inset-y-0 right-0 z-40 flex w-[min(22rem,100%)] flex-col bg-white shadow-xl',
          'md:static md:z-auto md:w-72 md:shrink-0 2xl:w-80 md:border-l md:border-slate-200 md:shadow-none',
        )}
      >
        <div className="flex h-14 shrink-0 items-center justify-between border-b border-slate-200 px-4">
          <h2 className="text-sm font-semibold text-slate-900">Contato</h2>
          <button
            type="button"
            onClick={() => setOpen(false)}
            className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
            aria-label="Fechar painel do contato"
          >
            <X className="size-5" aria-hidden />
          </button>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto">
          <PanelBody key={convId} convId={convId} extra={extra} />
        </div>
      </aside>
    </>
  );
}

function PanelBody({ convId, extra }: { convId: string; extra?: ReactNode }) {
  const contact = useContactPanel(convId);
  const labels = labelsOf(useLabels().data, useConversationLabelIds(convId).data);
  const c = contact.data;
  const username = c?.username ? (c.username.startsWith('@') ? c.username : `@${c.username}`) : null;
  return (
    <div className="flex flex-col gap-6 p-4">
      {contact.isPending ? (
        <div className="h-14 animate-pulse rounded-xl bg-slate-100" aria-busy="true" aria-label="Carregando contato" />
      ) : contact.isError ? (
        <p role="alert" className="text-sm text-red-700">
          Não foi possível carregar o contato. {contact.error.message}
        </p>
      ) : (
        <section className="flex flex-col gap-0.5">
          <p className="text-base font-semibold break-words text-slate-900" data-testid="contact-name">
            {c!.name || (c!.phone ? formatPhone(c!.phone) : (username ?? 'Contato sem nome'))}
          </p>
          {c!.phone ? <p className="text-sm text-slate-700">{formatPhone(c!.phone)}</p> : null}
          {/* A customer known without a phone (official API, decision 062): the WhatsApp username instead. */}
          {!c!.phone && username ? (
            <p className="text-sm text-slate-700" data-testid="contact-username">
              Usuário do WhatsApp: {username}
            </p>
          ) : null}
          <p className="text-xs text-slate-600">
            {c!.isGroup ? 'Grupo' : 'Cliente'} desde {formatDate(c!.firstContactAt)}
          </p>
          {c!.optedOutAt ? (
            <p
              className="mt-2 rounded-lg bg-red-50 px-2.5 py-1.5 text-xs font-medium text-red-800"
              data-testid="contact-opted-out"
            >
              Pediu para sair em {formatDateTime(c!.optedOutAt)}: não recebe mensagens automáticas.
            </p>
          ) : null}
        </section>
      )}

      <NextAppointment convId={convId} />

      {c && c.sources.length ? (
        <section aria-labelledby={`origin-${convId}`} className="flex flex-col gap-2" data-testid="contact-sources">
          <h3 id={`origin-${convId}`} className="text-sm font-semibold text-slate-900">
            Origem
          </h3>
          <ul className="flex flex-col gap-2">
            {/* The first touch first, then each later ad or link (the newest last). */}
            {c.sources.map((s) => (
              <li key={s.id}>
                <AdCard source={s} compact />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby={`labels-${convId}`} className="flex flex-col gap-2">
        <div className="flex items-center justify-between gap-2">
          <h3 id={`labels-${convId}`} className="text-sm font-semibold text-slate-900">
            Etiquetas
          </h3>
          <LabelPicker convId={convId} compact />
        </div>
        {labels.length ? (
          <div className="flex flex-wrap gap-1.5">
            {labels.map((l) => (
              <LabelChip key={l.id} label={l} />
            ))}
          </div>
        ) : (
          <p className="text-sm text-slate-600">Nenhuma etiqueta nesta conversa.</p>
        )}
      </section>

      <NotesSection convId={convId} />

      {/* What the inbox's route composes in (the campaigns' consent, decision 072). */}
      {extra}

      {c && !c.isGroup ? (
        <section aria-labelledby={`others-${convId}`} className="flex flex-col gap-2">
          <h3 id={`others-${convId}`} className="text-sm font-semibold text-slate-900">
            Outras conversas deste cliente
          </h3>
          {c.others.length ? (
            <ul className="flex flex-col gap-1.5">
              {c.others.map((o) => (
                <li key={o.id}>
                  <Link
                    to={paths.conversations.getHref(`?${new URLSearchParams({ conversa: o.id }).toString()}`)}
                    className="flex gap-2.5 rounded-xl border border-slate-200 p-2.5 hover:bg-slate-50"
                  >
                    <MessagesSquare className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
                    <span className="flex min-w-0 flex-1 flex-col">
                      <span className="truncate text-sm font-medium text-slate-900">
                        via {o.numberApelido || formatPhone(o.numberPhone)}
                      </span>
                      <span className="truncate text-xs text-slate-600">{o.lastMessagePreview || 'Sem mensagens'}</span>
                      <time dateTime={o.lastMessage} className="text-xs text-slate-600">
                        {formatDateTime(o.lastMessage)}
                      </time>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-600">Nenhuma outra conversa com este número.</p>
          )}
        </section>
      ) : null}
    </div>
  );
}
