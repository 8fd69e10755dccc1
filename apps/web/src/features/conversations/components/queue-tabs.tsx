import type { AssignmentFilter } from '@vendai/contracts/team';
import { cn } from '@/lib/cn';

export interface QueueState {
  value: AssignmentFilter;
  onChange: (value: AssignmentFilter) => void;
}

const TABS: { value: AssignmentFilter; label: string }[] = [
  { value: 'mine', label: 'Minhas' },
  { value: 'unassigned', label: 'Sem responsável' },
  { value: 'all', label: 'Todas' },
];

/** 'Minhas', 'Sem responsável', 'Todas' above the list (docs/decisions/044-team-roles-and-assignment.md). */
export function QueueTabs({ queue }: { queue: QueueState }) {
  return (
    <div
      role="tablist"
      aria-label="Filtrar por responsável"
      className="flex shrink-0 gap-1 border-b border-slate-200 px-2 py-1.5"
    >
      {TABS.map((tab) => (
        <button
          key={tab.value}
          type="button"
          role="tab"
          aria-selected={queue.value === tab.value}
          onClick={() => queue.onChange(tab.value)}
          className={cn(
            'rounded-full px-3 py-1 text-xs font-semibold transition-colors',
            queue.value === tab.value ? 'bg-brand-700 text-white' : 'text-slate-600 hover:bg-slate-100',
          )}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

/** The list's empty state under a queue tab. */
export const QUEUE_EMPTY: Record<Exclude<AssignmentFilter, 'all'>, { title: string; text: string }> = {
  mine: { title: 'Nenhuma conversa com você', text: 'As conversas atribuídas a você aparecem aqui.' },
  unassigned: { title: 'Nenhuma conversa sem responsável', text: 'Toda conversa já tem alguém da equipe cuidando.' },
};
