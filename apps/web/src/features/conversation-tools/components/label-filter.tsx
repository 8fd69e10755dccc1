import { Filter, X } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useEffect } from 'react';
import { cn } from '@/lib/cn';
import { useLabels } from '../api/labels';
import { useLabelFilter } from '../hooks/use-conversation-tools-state';
import { LabelOption, MenuTick, menuItemClass } from './label-menu';

/** The list's label id to send to the server, once the labels are known (a deleted label is dropped). */
export function useActiveLabelFilter(): string | undefined {
  const [labelId, setLabelId] = useLabelFilter();
  const labels = useLabels();
  const gone = Boolean(labelId && labels.data && !labels.data.some((l) => l.id === labelId));
  useEffect(() => {
    if (gone) setLabelId(null);
  }, [gone, setLabelId]);
  return labelId && !gone ? labelId : undefined;
}

/** 'Etiqueta' in the list's header: show only the conversations with one label, or all of them. */
export function LabelFilter() {
  const [labelId, setLabelId] = useLabelFilter();
  const labels = useLabels();
  const active = labels.data?.find((l) => l.id === labelId);
  if (!labels.data?.length && !active) return null;
  return (
    <span className="flex items-center gap-1">
      <DropdownMenu.Root>
        <DropdownMenu.Trigger
          className={cn(
            'inline-flex h-7 max-w-40 items-center gap-1.5 rounded-lg border px-2 text-xs font-semibold',
            active
              ? 'border-brand-300 bg-brand-50 text-brand-800'
              : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
          )}
          aria-label={active ? `Filtrando pela etiqueta ${active.name}. Trocar filtro` : 'Filtrar por etiqueta'}
        >
          <Filter className="size-3.5 shrink-0" aria-hidden />
          <span className="truncate">{active ? active.name : 'Etiqueta'}</span>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={6}
            className="z-50 max-h-[60dvh] w-60 overflow-y-auto rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
          >
            <DropdownMenu.RadioGroup value={labelId ?? ''} onValueChange={(v) => setLabelId(v || null)}>
              <DropdownMenu.RadioItem value="" className={menuItemClass}>
                <span className="min-w-0 flex-1">Todas as conversas</span>
                <MenuTick />
              </DropdownMenu.RadioItem>
              {labels.data?.map((label) => (
                <DropdownMenu.RadioItem key={label.id} value={label.id} className={menuItemClass}>
                  <LabelOption label={label} />
                </DropdownMenu.RadioItem>
              ))}
            </DropdownMenu.RadioGroup>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {active ? (
        <button
          type="button"
          onClick={() => setLabelId(null)}
          className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
          aria-label="Limpar filtro de etiqueta"
        >
          <X className="size-3.5" aria-hidden />
        </button>
      ) : null}
    </span>
  );
}
