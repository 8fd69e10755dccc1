import type { Results } from '@vendai/contracts/results';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { formatCount } from '../lib/format';

const dateFmt = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', timeZone: 'UTC' });

/** AI messages this month against the plan's limit, and where the current pace ends the month. */
export function UsageCard({ usage }: { usage: Results['usage'] }) {
  const { used, limit, projected } = usage;
  const over = limit > 0 && projected > limit;
  const width = limit > 0 ? Math.min(100, (used / limit) * 100) : 0;
  const lastDay = new Date(Date.parse(usage.periodEnd) - 1);
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 className="text-base font-semibold text-slate-900">Mensagens da IA no mês</h2>
      <p className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">
        {formatCount(used)} <span className="text-base font-medium text-slate-600">de {formatCount(limit)}</span>
      </p>
      <div
        className="mt-2 h-2.5 overflow-hidden rounded-full bg-slate-100"
        role="progressbar"
        aria-label="Mensagens da IA usadas no mês"
        aria-valuemin={0}
        aria-valuemax={limit}
        aria-valuenow={Math.min(used, limit)}
      >
        <div
          className={cn('h-full rounded-full', over ? 'bg-amber-500' : 'bg-brand-600')}
          style={{ width: `${width}%` }}
        />
      </div>
      <p className={cn('mt-2 text-sm', over ? 'text-amber-800' : 'text-slate-600')}>
        No ritmo atual, cerca de {formatCount(projected)} até {dateFmt.format(lastDay)}.
        {over ? (
          <>
            {' '}
            Isso passa do limite do plano.{' '}
            <Link className="font-semibold underline" to={paths.pricing.getHref()}>
              Ver planos
            </Link>
          </>
        ) : null}
      </p>
    </section>
  );
}
