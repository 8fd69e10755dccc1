import { StickyNote } from 'lucide-react';
import { useNotes } from '../api/notes';
import { useContactPanelOpen } from '../hooks/use-conversation-tools-state';

/**
 * Above the chat's message box while the contact panel is closed: the team's newest private note, so
 * whoever answers sees it before writing; 'Ver notas' opens the panel. Nothing when there is none.
 */
export function NotesHint({ convId }: { convId: string }) {
  const notes = useNotes(convId);
  const [open, setOpen] = useContactPanelOpen();
  const newest = notes.data?.at(-1);
  if (open || !newest) return null;
  const more = notes.data!.length - 1;
  return (
    <div
      data-testid="notes-hint"
      className="flex shrink-0 items-center gap-2 border-t border-amber-200 bg-amber-50 px-3 py-1.5 text-xs text-amber-950 sm:px-4"
    >
      <StickyNote className="size-3.5 shrink-0 text-amber-700" aria-hidden />
      <p className="min-w-0 flex-1 truncate">
        <span className="font-semibold">Nota interna</span>
        {newest.authorName ? ` de ${newest.authorName}` : ''}: {newest.text}
        {more > 0 ? <span className="text-amber-900"> (+{more})</span> : null}
      </p>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="shrink-0 rounded px-1.5 py-0.5 font-semibold text-amber-900 underline underline-offset-2 hover:bg-amber-100"
      >
        Ver notas
      </button>
    </div>
  );
}
