import { BUSINESS_FACT_LABELS } from '@vendai/contracts';
import { Settings, Store } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useBusinessSettings } from '@/lib/api/business-facts';
import { cn } from '@/lib/cn';

const NOT_GIVEN = 'Não informado';

/**
 * The business's facts as Configurações keeps them (docs/decisions/066-business-facts-in-one-place.md):
 * the hours in words, the address, the payment methods and the delivery areas. Read-only here: 'Editar
 * em Configurações' leads to the one record, so the training and Conhecimento never hold a second copy.
 */
export function BusinessFactsCard({ className, intro }: { className?: string; intro?: string }) {
  const { data } = useBusinessSettings();
  const hours = data
    ? [data.hoursSummary, data.facts.hoursNote].filter(Boolean).join('. ') || NOT_GIVEN
    : 'Carregando...';
  const rows: [string, string][] = [
    ['Horário de atendimento', hours],
    [BUSINESS_FACT_LABELS.address, data ? (data.facts.address ?? NOT_GIVEN) : '…'],
    [BUSINESS_FACT_LABELS.paymentMethods, data ? (data.facts.paymentMethods ?? NOT_GIVEN) : '…'],
    [BUSINESS_FACT_LABELS.deliveryAreas, data ? (data.facts.deliveryAreas ?? NOT_GIVEN) : '…'],
  ];
  return (
    <section
      aria-labelledby="business-facts-title"
      className={cn('rounded-2xl border border-slate-200 bg-white p-4 shadow-sm', className)}
      data-testid="business-facts"
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 id="business-facts-title" className="flex items-center gap-2 font-semibold text-slate-900">
            <Store className="size-4 text-brand-700" aria-hidden /> Dados do negócio
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {intro ?? 'A IA recebe estes dados em toda resposta. Eles ficam num lugar só: Configurações.'}
          </p>
        </div>
        <Link
          to={`${paths.settings.getHref()}#dados-do-negocio`}
          className="inline-flex shrink-0 items-center gap-1.5 text-sm font-semibold text-brand-800 hover:underline"
        >
          <Settings className="size-4" aria-hidden /> Editar em Configurações
        </Link>
      </div>
      <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="font-medium text-slate-700">{label}</dt>
            <dd
              className={cn(
                'break-words whitespace-pre-line',
                value === NOT_GIVEN ? 'text-slate-500 italic' : 'text-slate-900',
              )}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
