import { Tooltip } from 'radix-ui';

export const GROUP_TOOLTIP = 'IA desativada para grupos por padrão';

/** The 'Grupo' label with its tooltip (part 2 "Dashboard"), focusable so the tooltip works by keyboard. */
export function GroupBadge() {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>
        <span tabIndex={0} className="inline-flex shrink-0 cursor-default rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-700" aria-label={`Grupo: ${GROUP_TOOLTIP}`}>
          Grupo
        </span>
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content sideOffset={6} className="z-50 max-w-60 rounded-md bg-slate-900 px-2.5 py-1.5 text-xs text-white shadow-lg">
          {GROUP_TOOLTIP}
          <Tooltip.Arrow className="fill-slate-900" />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}
