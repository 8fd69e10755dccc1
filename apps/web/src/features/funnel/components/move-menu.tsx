import type { FunnelStageDto } from '@vendai/contracts/funnel';
import { ArrowRightLeft } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-lg px-2.5 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100';

/** 'Mover para…': the card's other stages, for keyboard and touch users (and anyone who prefers it to dragging). */
export function MoveMenu({
  name,
  current,
  stages,
  onMove,
}: {
  name: string;
  current: string;
  stages: FunnelStageDto[];
  onMove: (to: string) => void;
}) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="inline-flex h-7 items-center gap-1 rounded-md px-1.5 text-xs font-semibold text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        aria-label={`Mover ${name} para…`}
      >
        <ArrowRightLeft className="size-3.5" aria-hidden />
        Mover para…
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 max-h-[60dvh] w-56 overflow-y-auto rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          <DropdownMenu.Label className="px-2.5 py-1.5 text-xs font-semibold text-slate-600">
            Mover para a etapa
          </DropdownMenu.Label>
          {stages
            .filter((s) => s.id !== current)
            .map((s) => (
              <DropdownMenu.Item key={s.id} className={itemClass} onSelect={() => onMove(s.id)}>
                {s.name}
              </DropdownMenu.Item>
            ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
