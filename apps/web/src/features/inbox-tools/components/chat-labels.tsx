import { PanelRightOpen } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useConversationLabelIds, useLabels } from '../api/labels';
import { useContactPanelOpen } from '../hooks/use-inbox-tools-state';
import { labelsOf } from '../lib/label-colors';
import { LabelChip } from './label-chip';
import { LabelPicker } from './label-picker';

/** In the chat's header: the conversation's labels, 'Etiquetas' to change them and 'Contato' (the side panel). */
export function ChatLabels({ convId }: { convId: string }) {
  const labels = labelsOf(useLabels().data, useConversationLabelIds(convId).data);
  const [open, setOpen] = useContactPanelOpen();
  return (
    <div className="flex min-w-0 shrink-0 items-center gap-1.5">
      {labels.length ? (
        <span className="hidden max-w-64 items-center gap-1 overflow-hidden sm:flex">
          <span className="sr-only">Etiquetas: </span>
          {labels.slice(0, 3).map((l) => (
            <LabelChip key={l.id} label={l} />
          ))}
          {labels.length > 3 ? <span className="text-xs text-slate-600">+{labels.length - 3}</span> : null}
        </span>
      ) : null}
      <LabelPicker convId={convId} />
      <button
        type="button"
        onClick={() => setOpen(!open)}
        aria-pressed={open}
        aria-label={open ? 'Fechar painel do contato' : 'Abrir painel do contato'}
        className={cn(
          'inline-flex h-8 shrink-0 items-center gap-1.5 rounded-lg border px-2.5 text-sm font-semibold shadow-sm',
          open
            ? 'border-brand-300 bg-brand-50 text-brand-800'
            : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
        )}
      >
        <PanelRightOpen className="size-4" aria-hidden />
        <span className="hidden lg:inline">Contato</span>
      </button>
    </div>
  );
}
