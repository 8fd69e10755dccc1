import type { AgendaSetup } from '@vendai/contracts/agenda';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/** What the agenda's setup dialogs take from the page. */
export interface SetupDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  setup: AgendaSetup;
}

/**
 * The list at the top of the agenda's setup dialogs ('Profissionais', 'Serviços'): one row per entry with
 * its name, a line of details and the actions, 'Editar' last.
 */
export function SetupList<T extends { id: string; name: string }>({
  items,
  badge,
  details,
  actions,
  onEdit,
}: {
  items: T[];
  badge?: (item: T) => ReactNode;
  details: (item: T) => ReactNode;
  actions?: (item: T) => ReactNode;
  onEdit: (item: T) => void;
}) {
  return (
    <ul className="mt-4 divide-y divide-slate-100 rounded-lg border border-slate-200">
      {items.map((item) => (
        <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
          <span className="min-w-0">
            <span className="block font-medium text-slate-900">
              {item.name}
              {badge?.(item)}
            </span>
            <span className="block text-slate-600">{details(item)}</span>
          </span>
          <span className="flex gap-2">
            {actions?.(item)}
            <Button type="button" variant="secondary" onClick={() => onEdit(item)} aria-label={`Editar ${item.name}`}>
              Editar
            </Button>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The heading of a setup dialog's form: 'Editar <name>' with a way back, or the new entry's title. */
export function EditingHeading({
  editing,
  newTitle,
  onCancel,
}: {
  editing: { name: string } | null;
  newTitle: string;
  onCancel: () => void;
}) {
  return (
    <div className="flex items-center justify-between gap-2">
      <h3 className="text-base font-semibold text-slate-900">{editing ? `Editar ${editing.name}` : newTitle}</h3>
      {editing ? (
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancelar edição
        </Button>
      ) : null}
    </div>
  );
}
