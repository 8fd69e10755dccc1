import { LABEL_COLORS, LABELS_MAX, type LabelDto } from '@vendai/contracts';
import { Plus, Settings2, Tag } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { type FormEvent, type ReactNode, useState } from 'react';
import { toast } from 'sonner';
import { inputClass } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { usePermission } from '@/lib/permissions';
import { useConversationLabelIds, useLabels, useSaveLabel, useToggleConversationLabel } from '../api/labels';
import { LabelOption, menuItemClass } from './label-menu';
import { ManageLabelsDialog } from './manage-labels-dialog';

/**
 * 'Etiquetas' of the open chat: tick the account's labels on or off, create one by typing its name, or
 * open 'Gerenciar etiquetas' (rename, recolour, delete). Creating and managing are the owner's, or an
 * attendant's the owner allowed (docs/decisions/052-attendant-permissions-and-number-claims.md): otherwise the
 * menu says so in their place.
 */
export function LabelPicker({
  convId,
  compact = false,
  open,
  onOpenChange,
  children,
}: {
  convId: string;
  compact?: boolean;
  /** Controlled (the chat header's, which '⋯' → 'Etiquetas' also opens). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The trigger's content (default: the tag icon and 'Etiquetas'). */
  children?: ReactNode;
}) {
  const [managing, setManaging] = useState(false);
  const manage = usePermission('labels');
  return (
    <>
      <DropdownMenu.Root open={open} onOpenChange={onOpenChange}>
        <DropdownMenu.Trigger
          className={cn(
            children
              ? 'inline-flex min-w-0 shrink items-center gap-1 rounded-full px-0.5 hover:bg-slate-100'
              : 'inline-flex h-8 shrink-0 items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-2.5 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50',
            compact && 'h-7 px-2 text-xs',
          )}
          aria-label="Etiquetas da conversa"
        >
          {children ?? (
            <>
              <Tag className="size-4" aria-hidden />
              <span className={compact ? undefined : 'hidden lg:inline'}>Etiquetas</span>
            </>
          )}
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="start" sideOffset={6} collisionPadding={8} className={LIST_CLASS}>
            <LabelItems convId={convId} onManage={() => setManaging(true)} />
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {manage.allowed ? <ManageLabelsDialog open={managing} onOpenChange={setManaging} /> : null}
    </>
  );
}

const LIST_CLASS =
  'z-50 max-h-[70dvh] w-64 max-w-[calc(100vw-1rem)] overflow-y-auto rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg';

/** The account's labels to tick on or off, a new one by its name, and 'Gerenciar etiquetas'. */
function LabelItems({ convId, onManage }: { convId: string; onManage: () => void }) {
  const labels = useLabels();
  const on = new Set(useConversationLabelIds(convId).data ?? []);
  const toggle = useToggleConversationLabel(convId);
  const manage = usePermission('labels');

  const flip = (label: LabelDto) =>
    toggle.mutate(
      { labelId: label.id, on: !on.has(label.id) },
      { onError: (err) => toast.error(`Não foi possível mudar a etiqueta. ${err.message}`) },
    );

  return (
    <>
      <DropdownMenu.Label className="px-2.5 py-1.5 text-xs font-semibold text-slate-600">
        Etiquetas da conversa
      </DropdownMenu.Label>
      {labels.isPending ? (
        <p className="px-2.5 py-2 text-sm text-slate-600">Carregando...</p>
      ) : labels.isError ? (
        <p className="px-2.5 py-2 text-sm text-red-700">Não foi possível carregar as etiquetas.</p>
      ) : !labels.data.length ? (
        <p className="px-2.5 py-2 text-sm text-slate-600">
          {manage.allowed ? 'Crie a primeira etiqueta abaixo.' : 'A loja ainda não tem etiquetas.'}
        </p>
      ) : (
        labels.data.map((label) => (
          <DropdownMenu.CheckboxItem
            key={label.id}
            checked={on.has(label.id)}
            onSelect={(e) => {
              e.preventDefault();
              flip(label);
            }}
            className={menuItemClass}
          >
            <LabelOption label={label} />
          </DropdownMenu.CheckboxItem>
        ))
      )}
      <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
      {!manage.allowed ? (
        <p className="px-2.5 py-1.5 text-xs text-slate-600" data-testid="labels-locked">
          {manage.reason}
        </p>
      ) : (
        <>
          {(labels.data?.length ?? 0) < LABELS_MAX ? (
            <NewLabelForm onCreated={(label) => flip(label)} taken={labels.data ?? []} />
          ) : null}
          <DropdownMenu.Item onSelect={onManage} className={menuItemClass}>
            <Settings2 className="size-4 text-slate-500" aria-hidden />
            Gerenciar etiquetas
          </DropdownMenu.Item>
        </>
      )}
    </>
  );
}

/** Type a name, Enter: the label is created (next colour of the palette) and put on the conversation. */
function NewLabelForm({ onCreated, taken }: { onCreated: (label: LabelDto) => void; taken: LabelDto[] }) {
  const save = useSaveLabel();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    setError(null);
    const color = LABEL_COLORS[taken.length % LABEL_COLORS.length]!;
    save.mutate(
      { input: { name, color } },
      {
        onSuccess: (label) => {
          setName('');
          onCreated(label);
        },
        onError: (err) => setError(err.message),
      },
    );
  };
  return (
    <form onSubmit={submit} className="px-1.5 py-1">
      <div className="flex gap-1.5">
        <input
          value={name}
          onChange={(e) => setName(e.target.value)}
          // The menu's type-ahead would take the letters.
          onKeyDown={(e) => e.stopPropagation()}
          placeholder="Nova etiqueta"
          aria-label="Nome da nova etiqueta"
          maxLength={30}
          className={cn(inputClass, 'h-8 py-1 text-sm')}
        />
        <button
          type="submit"
          disabled={save.isPending || !name.trim()}
          className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-brand-700 text-white hover:bg-brand-800 disabled:opacity-55"
          aria-label="Criar etiqueta"
        >
          <Plus className="size-4" aria-hidden />
        </button>
      </div>
      {error ? (
        <p role="alert" className="mt-1 text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}
