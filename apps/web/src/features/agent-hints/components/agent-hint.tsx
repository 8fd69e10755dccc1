import { Lightbulb, X } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useAgentHints, useDismissAgentHint } from '../api/agent-hints';
import { hintText } from '../lib/hint-text';

/**
 * One discreet hint that points to the agent's follow-ups or approval, when the server's rule says it
 * would help (docs/decisions/065-agent-tabs-hints-and-judge.md): the first of the list, a link straight
 * to the card on the agent's page, and 'Dispensar dica' (remembered for this member). Nothing otherwise.
 * `strip`: a thin line across the inbox; `card`: a card among Resultados' figures.
 */
export function AgentHint({ variant, className }: { variant: 'strip' | 'card'; className?: string }) {
  const hints = useAgentHints();
  const dismiss = useDismissAgentHint();
  const hint = hints.data?.[0];
  if (!hint) return null;
  const { text, action, tab, card } = hintText(hint);
  return (
    <aside
      aria-label="Dica"
      data-testid="agent-hint"
      className={cn(
        'flex items-start gap-3 text-sm text-slate-700',
        variant === 'strip'
          ? 'border-b border-slate-200 bg-brand-50/60 px-4 py-2 sm:px-6'
          : 'rounded-2xl border border-brand-100 bg-brand-50/60 p-4',
        className,
      )}
    >
      <Lightbulb className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
      <p className="min-w-0 flex-1">
        {text}{' '}
        <Link
          to={`${paths.promptWorkshop.getHref(hint.agentId, tab)}#${card}`}
          className="font-semibold whitespace-nowrap text-brand-800 underline underline-offset-4"
        >
          {action}
        </Link>
      </p>
      <button
        type="button"
        aria-label="Dispensar dica"
        onClick={() => dismiss.mutate({ agentId: hint.agentId, kind: hint.kind })}
        className="-m-1.5 shrink-0 rounded-md p-1.5 text-slate-500 hover:bg-white hover:text-slate-800 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
      >
        <X className="size-4" aria-hidden />
      </button>
    </aside>
  );
}
