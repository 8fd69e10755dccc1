import type { CurrentUsage } from '@vendai/contracts';
import { Bot } from 'lucide-react';
import { cn } from '@/lib/cn';
import { limits } from '@/lib/usage';

/** 'Mensagens de IA: n/max', in red when the limit is reached (docs/product/screens.md#dashboard-inbox). */
export function AiUsage({ usage }: { usage: CurrentUsage | undefined }) {
  if (!usage) return <span className="h-7 w-44 animate-pulse rounded-full bg-slate-100" aria-hidden />;
  const reached = limits.aiLimitReached(usage);
  return (
    <span
      className={cn(
        'inline-flex h-7 items-center gap-1.5 rounded-full border px-3 text-xs font-semibold whitespace-nowrap',
        reached ? 'border-red-200 bg-red-50 text-red-700' : 'border-slate-200 bg-white text-slate-700',
      )}
      data-testid="ai-usage"
      data-limit-reached={reached || undefined}
    >
      <Bot className="size-3.5" aria-hidden />
      Mensagens de IA: {usage.ai_messages.toLocaleString('pt-BR')}/{usage.max_ai_messages.toLocaleString('pt-BR')}
    </span>
  );
}
