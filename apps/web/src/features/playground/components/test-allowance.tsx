import { FlaskConical } from 'lucide-react';
import { useCurrentUsage } from '@/lib/api/get-usage';
import { cn } from '@/lib/cn';

/**
 * This month's test messages (Playground and Treinadora de Prompt) against the plan's allowance
 * (docs/decisions/021-spend-and-abuse-limits.md), in red once it is used up.
 */
export function TestAllowance({ className }: { className?: string }) {
  const usage = useCurrentUsage().data;
  if (!usage) return null;
  const used = usage.test_messages;
  const max = usage.max_test_messages;
  const reached = used >= max;
  return (
    <p
      data-testid="test-allowance"
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-xs font-semibold',
        reached ? 'border-red-200 bg-red-50 text-red-700' : 'border-slate-200 bg-white text-slate-700',
        className,
      )}
    >
      <FlaskConical className="size-3.5" aria-hidden />
      Mensagens de teste neste mês: {used.toLocaleString('pt-BR')}/{max.toLocaleString('pt-BR')}
    </p>
  );
}
