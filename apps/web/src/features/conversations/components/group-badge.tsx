import { Tooltip } from '@/components/ui/tooltip';

export const GROUP_TOOLTIP = 'IA desativada para grupos por padrão';

/** The 'Grupo' label with its tooltip (docs/product/screens.md#dashboard-inbox), focusable so the tooltip works by keyboard. */
export function GroupBadge() {
  return (
    <Tooltip content={GROUP_TOOLTIP}>
      <span
        tabIndex={0}
        className="inline-flex shrink-0 cursor-default rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-700"
        aria-label={`Grupo: ${GROUP_TOOLTIP}`}
      >
        Grupo
      </span>
    </Tooltip>
  );
}
