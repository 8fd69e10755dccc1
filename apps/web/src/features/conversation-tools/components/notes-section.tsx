import { NOTE_TEXT_MAX, type NoteDto } from '@vendai/contracts';
import { Lock, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { useCreateNote, useDeleteNote, useNotes } from '../api/notes';
import { formatDateTime } from '../lib/format';

/**
 * 'Notas internas': what the team writes about this customer, seen only inside the account (never
 * sent on WhatsApp). Yellow cards, newest at the bottom, with who wrote them and when.
 */
export function NotesSection({ convId }: { convId: string }) {
  const notes = useNotes(convId);
  return (
    <section aria-labelledby={`notes-${convId}`} className="flex flex-col gap-3">
      <h3 id={`notes-${convId}`} className="flex items-center gap-1.5 text-sm font-semibold text-slate-900">
        Notas internas
        {notes.data?.length ? <span className="font-normal text-slate-500">({notes.data.length})</span> : null}
      </h3>
      <p className="flex items-center gap-1.5 text-xs text-slate-600">
        <Lock className="size-3.5 shrink-0" aria-hidden /> Só a sua equipe vê. Nada é enviado ao cliente.
      </p>
      {notes.isPending ? (
        <div className="h-16 animate-pulse rounded-xl bg-amber-50" aria-label="Carregando notas" aria-busy="true" />
      ) : notes.isError ? (
        <p role="alert" className="text-sm text-red-700">
          Não foi possível carregar as notas.{' '}
          <button type="button" className="font-semibold underline" onClick={() => void notes.refetch()}>
            Tentar novamente
          </button>
        </p>
      ) : notes.data.length ? (
        <ol className="flex flex-col gap-2" aria-label="Notas internas">
          {notes.data.map((note) => (
            <NoteCard key={note.id} convId={convId} note={note} />
          ))}
        </ol>
      ) : (
        <p className="text-sm text-slate-600">Nenhuma nota ainda. Anote combinados, preferências e pendências.</p>
      )}
      <NoteComposer key={convId} convId={convId} />
    </section>
  );
}

function NoteCard({ convId, note }: { convId: string; note: NoteDto }) {
  const remove = useDeleteNote(convId);
  const [confirming, setConfirming] = useState(false);
  return (
    <li data-testid="note-card" className="rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
      <p className="flex items-center justify-between gap-2 text-xs">
        <span className="font-semibold text-amber-900">Nota interna</span>
        <time dateTime={note.createdAt} className="text-amber-900">
          {formatDateTime(note.createdAt)}
        </time>
      </p>
      <p className="mt-1 break-words whitespace-pre-wrap">{note.text}</p>
      <div className="mt-2 flex items-center justify-between gap-2 text-xs text-amber-900">
        <span className="truncate">{note.authorName ?? 'Ex-integrante da equipe'}</span>
        {note.canDelete ? (
          confirming ? (
            <span className="flex shrink-0 items-center gap-1">
              <button
                type="button"
                className="rounded px-1.5 py-0.5 font-semibold hover:bg-amber-100"
                onClick={() => setConfirming(false)}
              >
                Cancelar
              </button>
              <button
                type="button"
                disabled={remove.isPending}
                className="rounded bg-red-600 px-1.5 py-0.5 font-semibold text-white hover:bg-red-700"
                onClick={() =>
                  remove.mutate(note.id, {
                    onError: (err) => toast.error(`Não foi possível apagar a nota. ${err.message}`),
                  })
                }
              >
                Apagar nota
              </button>
            </span>
          ) : (
            <button
              type="button"
              onClick={() => setConfirming(true)}
              className="shrink-0 rounded p-1 hover:bg-amber-100"
              aria-label="Apagar esta nota"
            >
              <Trash2 className="size-3.5" aria-hidden />
            </button>
          )
        ) : null}
      </div>
    </li>
  );
}

function NoteComposer({ convId }: { convId: string }) {
  const create = useCreateNote(convId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    setError(null);
    // The text stays until the server has it.
    create.mutate(text, { onSuccess: () => setText(''), onError: (err) => setError(err.message) });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit();
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      <label htmlFor={`${id}-text`} className="sr-only">
        Nova nota interna
      </label>
      <textarea
        id={`${id}-text`}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        rows={3}
        maxLength={NOTE_TEXT_MAX}
        placeholder="Escreva uma nota para a equipe..."
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cn(
          inputClass,
          'h-auto resize-y border-amber-300 bg-amber-50/40 py-2 focus-visible:outline-amber-600',
        )}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <Button
        type="submit"
        size="sm"
        variant="secondary"
        disabled={create.isPending || !text.trim()}
        className="self-end"
      >
        {create.isPending ? 'Salvando...' : 'Salvar nota'}
      </Button>
    </form>
  );
}
