import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { formatChange } from '../lib/format';

/**
 * One figure with its comparison: the value, what it was in the previous period and the change.
 * `better` says which direction is good (response times: lower), so the change is coloured fairly.
 */
export function FigureCard({
  label,
  value,
  current,
  previous,
  previousText,
  better = 'higher',
  hint,
  large,
}: {
  label: string;
  value: ReactNode;
  current: number;
  previous: number;
  previousText: string;
  better?: 'higher' | 'lower' | 'neither';
  hint?: ReactNode;
  large?: boolean;
}) {
  const change = formatChange(current, previous);
  const good = better === 'neither' || current === previous ? null : current > previous === (better === 'higher');
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p className={cn('mt-1 font-bold tracking-tight text-slate-900 tabular-nums', large ? 'text-3xl' : 'text-2xl')}>
        {value}
      </p>
      {hint ? <p className="mt-1 text-xs text-slate-600">{hint}</p> : null}
      <p className="mt-2 text-xs text-slate-600">
        {change ? (
          <span
            className={cn(
              'mr-1 rounded px-1.5 py-0.5 font-semibold',
              good === null
                ? 'bg-slate-100 text-slate-700'
                : good
                  ? 'bg-emerald-50 text-emerald-800'
                  : 'bg-amber-50 text-amber-800',
            )}
          >
            {change}
          </span>
        ) : null}
        antes: {previousText}
      </p>
    </div>
  );
}
