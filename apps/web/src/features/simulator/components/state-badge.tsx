import type { SimInstanceState } from '@vendai/contracts';
import { cn } from '@/lib/cn';

const LABELS: Record<SimInstanceState, { text: string; className: string }> = {
  connecting: { text: 'Aguardando QR Code', className: 'bg-amber-100 text-amber-900' },
  open: { text: 'Conectado', className: 'bg-brand-100 text-brand-900' },
  close: { text: 'Desconectado', className: 'bg-slate-200 text-slate-800' },
};

export function StateBadge({ state }: { state: SimInstanceState }) {
  const label = LABELS[state];
  return (
    <span className={cn('shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold', label.className)}>{label.text}</span>
  );
}
