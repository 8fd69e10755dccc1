import { zodResolver } from '@hookform/resolvers/zod';
import {
  RESULTS_PERIOD_LABELS,
  RESULTS_PERIODS,
  resultsCustomRangeSchema,
  type ResultsCustomRange,
} from '@vendai/contracts/results';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { FORM_OPTIONS } from '@/lib/form';
import type { ResultsFilters } from '../lib/filters';

/** Hoje / 7 dias / 30 dias / Personalizado (two dates), and the number picker. */
export function PeriodPicker({
  filters,
  numbers,
  onChange,
}: {
  filters: ResultsFilters;
  numbers: { id: string; label: string }[];
  onChange: (next: ResultsFilters) => void;
}) {
  const [customOpen, setCustomOpen] = useState(filters.period === 'custom');
  const form = useForm<ResultsCustomRange>({
    ...FORM_OPTIONS,
    resolver: zodResolver(resultsCustomRangeSchema),
    defaultValues: { from: filters.from ?? '', to: filters.to ?? '' },
  });
  const { errors } = form.formState;
  const rangeError = errors.from?.message ?? errors.to?.message;

  return (
    <div className="space-y-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div
          role="group"
          aria-label="Período"
          className="inline-flex w-full rounded-lg border border-slate-300 bg-white p-0.5 sm:w-auto"
        >
          {RESULTS_PERIODS.map((p) => {
            const active =
              p === 'custom' ? customOpen || filters.period === 'custom' : !customOpen && filters.period === p;
            return (
              <button
                key={p}
                type="button"
                aria-pressed={active}
                onClick={() => {
                  if (p === 'custom') return setCustomOpen(true);
                  setCustomOpen(false);
                  onChange({ period: p, numberId: filters.numberId });
                }}
                className={cn(
                  'flex-1 rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap sm:flex-none',
                  active ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100',
                )}
              >
                {RESULTS_PERIOD_LABELS[p]}
              </button>
            );
          })}
        </div>
        {numbers.length > 1 ? (
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <span className="shrink-0 font-medium">Número</span>
            <select
              className="h-9 w-full rounded-lg border border-slate-300 bg-white px-2 text-sm sm:w-64"
              value={filters.numberId ?? ''}
              onChange={(e) => onChange({ ...filters, numberId: e.target.value || undefined })}
            >
              <option value="">Todos os números</option>
              {numbers.map((n) => (
                <option key={n.id} value={n.id}>
                  {n.label}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      {customOpen ? (
        <form
          noValidate
          aria-label="Período personalizado"
          className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3"
          onSubmit={form.handleSubmit((range) =>
            onChange({ period: 'custom', from: range.from, to: range.to, numberId: filters.numberId }),
          )}
        >
          <label className="text-sm font-medium text-slate-700">
            De
            <Input type="date" className="mt-1 h-9 w-40" aria-invalid={!!errors.from} {...form.register('from')} />
          </label>
          <label className="text-sm font-medium text-slate-700">
            Até
            <Input type="date" className="mt-1 h-9 w-40" aria-invalid={!!errors.to} {...form.register('to')} />
          </label>
          <Button type="submit" size="sm" className="h-9">
            Aplicar
          </Button>
          {rangeError ? (
            <p role="alert" className="w-full text-sm text-red-600">
              {rangeError}
            </p>
          ) : null}
        </form>
      ) : null}
    </div>
  );
}
