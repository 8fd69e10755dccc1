import type { ReplyDraftDto } from '@vendai/contracts';
import { CalendarCheck, Clock, Pencil, Send, Sparkles, Trash2 } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { timeoutText } from '../lib/timeout-text';

const MAX_LENGTH = 4096;

/**
 * 'Sugestão da IA' above the message box: the answer as the customer would receive it (one bubble per
 * WhatsApp message), the agenda change sending it makes, when the time runs out and what happens then,
 * and 'Enviar', 'Editar' (in place,
 * then 'Enviar' sends the edited text) and 'Descartar'.
 */
export function DraftCard({
  draft,
  now,
  editing,
  busy,
  problem,
  onEdit,
  onSend,
  onDiscard,
}: {
  draft: ReplyDraftDto;
  now: Date;
  /** The edited text while editing, else null. */
  editing: string | null;
  busy: 'send' | 'discard' | null;
  problem: string | null;
  onEdit: (text: string | null) => void;
  onSend: () => void;
  onDiscard: () => void;
}) {
  const fieldId = `draft-text-${draft.id}`;
  const emptyEdit = editing !== null && !editing.trim();
  return (
    <section
      aria-label="Sugestão da IA"
      data-testid="draft-card"
      className="shrink-0 border-t border-amber-200 bg-amber-50/80 px-3 py-3 sm:px-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <h3 className="flex items-center gap-1.5 text-sm font-semibold text-slate-900">
          <Sparkles className="size-4 text-amber-600" aria-hidden />
          Sugestão da IA
          <span className="rounded-full bg-amber-100 px-2 py-px text-[11px] font-semibold text-amber-900">
            aguardando você
          </span>
        </h3>
        {draft.customer_text ? (
          <p className="min-w-0 truncate text-xs text-slate-600" title={draft.customer_text}>
            Para: “{draft.customer_text}”
          </p>
        ) : null}
      </div>

      {editing === null ? (
        <ol className="mt-2 max-h-48 space-y-1.5 overflow-y-auto" aria-label="Mensagens que o cliente vai receber">
          {draft.parts.map((part, i) => (
            <li
              key={i}
              data-testid="draft-part"
              className="ml-auto w-fit max-w-[92%] rounded-xl rounded-tr-sm bg-white px-3 py-2 text-sm whitespace-pre-wrap text-slate-900 shadow-sm ring-1 ring-amber-200"
            >
              {part}
            </li>
          ))}
        </ol>
      ) : (
        <div className="mt-2">
          <label htmlFor={fieldId} className="text-xs font-medium text-slate-700">
            Texto da resposta (linhas em branco separam mensagens longas)
          </label>
          <textarea
            id={fieldId}
            autoFocus
            value={editing}
            maxLength={MAX_LENGTH}
            onChange={(e) => onEdit(e.target.value)}
            aria-invalid={emptyEdit}
            aria-describedby={emptyEdit ? `${fieldId}-error` : undefined}
            rows={4}
            className="mt-1 block max-h-48 min-h-24 w-full resize-y rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-brand-600 focus:outline-none focus-visible:outline-2 focus-visible:outline-brand-600"
          />
          {emptyEdit ? (
            <p id={`${fieldId}-error`} className="mt-1 text-xs text-red-700">
              Escreva a resposta.
            </p>
          ) : null}
        </div>
      )}

      {draft.booking ? (
        // The agenda change the answer asked for: made when the draft is sent, before the customer reads it.
        <p className="mt-2 flex items-start gap-1.5 text-xs font-medium text-slate-900" data-testid="draft-booking">
          <CalendarCheck className="mt-px size-3.5 shrink-0 text-amber-700" aria-hidden />
          Ao enviar, a agenda muda: {draft.booking}
        </p>
      ) : null}
      <p className="mt-2 flex items-start gap-1.5 text-xs text-slate-700" data-testid="draft-timeout">
        <Clock className="mt-px size-3.5 shrink-0" aria-hidden />
        {timeoutText(draft, now)}
      </p>
      {problem ? (
        <Alert tone="error" className="mt-2">
          {problem}
        </Alert>
      ) : null}

      <div className="mt-2.5 flex flex-wrap items-center gap-2">
        <Button size="sm" onClick={onSend} disabled={busy !== null || emptyEdit}>
          <Send aria-hidden />
          {busy === 'send' ? 'Enviando…' : editing === null ? 'Enviar' : 'Enviar editada'}
        </Button>
        {editing === null ? (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => onEdit(draft.parts.join('\n\n'))}
            disabled={busy !== null}
          >
            <Pencil aria-hidden />
            Editar
          </Button>
        ) : (
          <Button size="sm" variant="secondary" onClick={() => onEdit(null)} disabled={busy !== null}>
            Cancelar edição
          </Button>
        )}
        <Button
          size="sm"
          variant="ghost"
          className="text-red-700 hover:bg-red-50 hover:text-red-800"
          onClick={onDiscard}
          disabled={busy !== null}
        >
          <Trash2 aria-hidden />
          {busy === 'discard' ? 'Descartando…' : 'Descartar'}
        </Button>
      </div>
    </section>
  );
}
