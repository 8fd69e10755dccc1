import { PanelRightOpen } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useConversationLabelIds, useLabels } from '../api/labels';
import { useContactPanelOpen } from '../hooks/use-inbox-tools-state';
import { labelsOf } from '../lib/label-colors';
import { LabelChip } from './label-chip';

/** In the chat header's state line: the conversation's labels (two, then '+N'); changed from '⋯' → Etiquetas. */
export function ChatLabelChips({ convId }: { convId: string }) {
  const labels = labelsOf(useLabels().data, useConversationLabelIds(convId).data);
  if (!labels.length) return null;
  return (
    <span className="flex min-w-0 shrink items-center gap-1 overflow-hidden">
      <span className="sr-only">Etiquetas: </span>
      {labels.slice(0, 2).map((l) => (
        <LabelChip key={l.id} label={l} />
      ))}
      {labels.length > 2 ? <span className="text-xs text-slate-600">+{labels.length - 2}</span> : null}
    </span>
  );
}

/** 'Contato': opens or closes the side panel with the contact's details, notes and orders. */
export function ContactPanelToggle() {
  const [open, setOpen] = useContactPanelOpen();
  return (
    <button
      type="button"
      onClick={() => setOpen(!open)}
      aria-pressed={open}
      aria-label={open ? 'Fechar painel do contato' : 'Abrir painel do contato'}
      title={open ? 'Fechar painel do contato' : 'Abrir painel do contato'}
      className={cn(
        'inline-flex h-8 shrink-0 items-center gap-1.5 rounded-lg border px-2 text-sm font-semibold shadow-sm',
        open
          ? 'border-brand-300 bg-brand-50 text-brand-800'
          : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
      )}
    >
      <PanelRightOpen className="size-4" aria-hidden />
      <span className="hidden 2xl:inline">Contato</span>
    </button>
  );
}
