import { FlaskConical } from 'lucide-react';
import type { ReactNode } from 'react';
import { useCurrentUsage } from '@/lib/api/get-usage';
import { cn } from '@/lib/cn';

/**
 * This month's test messages (Playground, Testes do assistente and Treinadora de Prompt) against the
 * plan's allowance (docs/decisions/021-spend-and-abuse-limits.md), in red once it is used up, with what
 * the screen's action costs (`cost`) said beside it, before it is used.
 */
export function TestAllowance({ className, cost }: { className?: string; cost?: ReactNode }) {
  const usage = useCurrentUsage().data;
  if (!usage) return null;
  const used = usage.test_messages;
  const max = usage.max_test_messages;
  const reached = used >= max;
  return (
    <div className={cn('flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-3', className)}>
      <p
        data-testid="test-allowance"
        className={cn(
          'inline-flex items-center gap-1.5 self-start rounded-full border px-3 py-1 text-xs font-semibold',
          reached ? 'border-red-200 bg-red-50 text-red-700' : 'border-slate-200 bg-white text-slate-700',
        )}
      >
        <FlaskConical className="size-3.5" aria-hidden />
        Mensagens de teste neste mês: {used.toLocaleString('pt-BR')}/{max.toLocaleString('pt-BR')}
      </p>
      {cost ? (
        <p data-testid="test-cost" className="text-xs text-slate-600">
          {cost}
        </p>
      ) : null}
    </div>
  );
}
