import type { Plan } from '@vendai/contracts';
import { Check, MessageCircle, Sparkles } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatPlanPrice, planBullets } from '../lib/plan-format';

/**
 * One plan (docs/product/limits.md): name, price per month (or 'Consultar Valores' without a
 * price), the description's bullets, 'Mais Popular' when featured, 'Plano Atual' disabled.
 */
export function PlanCard({
  plan,
  current,
  salesUrl,
  paymentsOff = false,
  onChoose,
}: {
  plan: Plan;
  current: boolean;
  salesUrl: string | null;
  /** The server takes no payments: a paid plan is subscribed through the sales contact instead. */
  paymentsOff?: boolean;
  onChoose: (plan: Plan) => void;
}) {
  const salesOnly = plan.priceCents === null;
  const viaSales = salesOnly || (paymentsOff && (plan.priceCents ?? 0) > 0);
  return (
    <article
      aria-label={plan.name}
      className={cn(
        'relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm',
        plan.isFeatured ? 'border-brand-600 ring-2 ring-brand-600' : 'border-slate-200',
      )}
    >
      {plan.isFeatured ? (
        <span className="absolute -top-3 left-6 inline-flex items-center gap-1 rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold text-white">
          <Sparkles className="size-3.5" aria-hidden /> Mais Popular
        </span>
      ) : null}
      <h2 className="text-lg font-semibold text-slate-900">{plan.name}</h2>
      <p className="mt-3 min-h-10">
        {salesOnly ? (
          <span className="text-2xl font-bold text-slate-900">Sob consulta</span>
        ) : (
          <>
            <span className="text-3xl font-bold tracking-tight text-slate-900">
              {formatPlanPrice(plan.priceCents!)}
            </span>
            <span className="text-sm text-slate-500"> /mês</span>
          </>
        )}
      </p>
      <ul className="mt-5 flex-1 space-y-2.5 text-sm text-slate-700">
        {planBullets(plan.description).map((bullet) => (
          <li key={bullet} className="flex gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
            <span>{bullet}</span>
          </li>
        ))}
      </ul>
      <div className="mt-6">
        {current ? (
          <Button className="w-full" variant="secondary" disabled>
            Plano Atual
          </Button>
        ) : viaSales ? (
          <Button className="w-full" variant="secondary" asChild>
            <a href={salesUrl ?? '#'} target="_blank" rel="noopener noreferrer">
              <MessageCircle aria-hidden /> {salesOnly ? 'Consultar Valores' : 'Falar com a equipe para assinar'}
            </a>
          </Button>
        ) : (
          <Button
            className="h-auto min-h-10 w-full py-2 whitespace-normal"
            variant={plan.isFeatured ? 'primary' : 'secondary'}
            onClick={() => onChoose(plan)}
          >
            {plan.priceCents === 0 ? 'Usar plano gratuito' : `Assinar ${plan.name}`}
          </Button>
        )}
      </div>
    </article>
  );
}
