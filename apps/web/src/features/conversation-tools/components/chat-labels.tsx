import { PanelRightOpen, Tag } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { menuItemClass } from '@/components/ui/more-menu';
import { cn } from '@/lib/cn';
import { useConversationLabelIds, useLabels } from '../api/labels';
import { useContactPanelOpen } from '../hooks/use-conversation-tools-state';
import { pageState } from '../lib/session-state';
import { labelsOf } from '../lib/label-colors';
import { LabelChip } from './label-chip';
import { LabelPicker } from './label-picker';

/** Whether the chat header's label menu is open: its chips open it, and so does '⋯' → 'Etiquetas'. */
const useChatLabelsOpen = pageState(false);

/**
 * In the chat header's state line: the conversation's labels (two, then '+N'), or 'Etiquetas' when it
 * has none; a click opens the label menu (tick, create, 'Gerenciar etiquetas').
 */
export function ChatLabels({ convId }: { convId: string }) {
  const labels = labelsOf(useLabels().data, useConversationLabelIds(convId).data);
  const [open, setOpen] = useChatLabelsOpen();
  return (
    <LabelPicker convId={convId} open={open} onOpenChange={setOpen}>
      {labels.length ? (
        <>
          <span className="sr-only">Etiquetas: </span>
          {labels.slice(0, 2).map((l) => (
            <LabelChip key={l.id} label={l} />
          ))}
          {labels.length > 2 ? <span className="text-xs text-slate-600">+{labels.length - 2}</span> : null}
        </>
      ) : (
        <span className="inline-flex items-center gap-1 px-1 text-xs font-medium text-slate-600">
          <Tag className="size-3.5" aria-hidden />
          Etiquetas
        </span>
      )}
    </LabelPicker>
  );
}

/** '⋯' → 'Etiquetas': opens the header's label menu once '⋯' has closed (two menus never hold the focus at once). */
export function LabelsMenuItem() {
  const [, setOpen] = useChatLabelsOpen();
  return (
    <DropdownMenu.Item onSelect={() => setTimeout(() => setOpen(true), 0)} className={menuItemClass}>
      <Tag className="size-4 text-slate-500" aria-hidden />
      Etiquetas
    </DropdownMenu.Item>
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
