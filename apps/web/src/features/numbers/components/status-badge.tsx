import type { NumberStatus } from '@vendai/contracts';
import { cn } from '@/lib/cn';

/** CONECTADO (green) / DESCONECTADO (amber: a warning, not an error; design.md). */
export function StatusBadge({ status }: { status: NumberStatus }) {
  const connected = status === 'CONECTADO';
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        connected ? 'bg-emerald-50 text-emerald-800 ring-emerald-200' : 'bg-amber-50 text-amber-800 ring-amber-200',
      )}
    >
      <span aria-hidden className={cn('size-1.5 rounded-full', connected ? 'bg-emerald-500' : 'bg-amber-500')} />
      {status}
    </span>
  );
}

/** Agente de IA column: 'Conectada' when an agent answers on the number, else 'Sem IA' (part 2). */
export function AgentBadge({ agentName, linked }: { agentName: string | null; linked: boolean }) {
  if (!linked)
    return (
      <span className="inline-flex rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-600">
        Sem IA
      </span>
    );
  return (
    <span className="inline-flex flex-col">
      <span className="inline-flex w-fit rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-200 ring-inset">
        Conectada
      </span>
      {agentName ? <span className="mt-1 max-w-40 truncate text-xs text-slate-500">{agentName}</span> : null}
    </span>
  );
}
