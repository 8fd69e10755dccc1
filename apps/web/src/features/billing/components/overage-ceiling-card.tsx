import type { OverageStatus } from '@vendai/contracts';
import { OVERAGE_CEILING_MESSAGE } from '@vendai/contracts';
import { Gauge } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useSetOverageCeiling } from '../api/set-overage-ceiling';
import { checkoutErrorText, formatPlanPrice, parseAmountToCents } from '../lib/plan-format';

const dateFmt = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: 'long' });
const amountText = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

/**
 * 'Limite de gastos extras' on Planos (docs/decisions/021-spend-and-abuse-limits.md): what this
 * period's overage has cost against the owner's ceiling, the pause when it is reached, and the form
 * that raises or lowers it (amounts in US$, sent as integer cents).
 */
export function OverageCeilingCard({ overage }: { overage: OverageStatus }) {
  const [value, setValue] = useState(amountText(overage.ceilingCents));
  const [error, setError] = useState<string | null>(null);
  const save = useSetOverageCeiling();
  const { ceilingCents, spentCents, paused } = overage;
  const width = ceilingCents > 0 ? Math.min(100, (spentCents / ceilingCents) * 100) : 100;
  const until = overage.periodEnd ? dateFmt.format(new Date(Date.parse(overage.periodEnd) - 1)) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const cents = parseAmountToCents(value);
    if (cents === null || cents > 10_000_000) {
      setError(OVERAGE_CEILING_MESSAGE);
      return;
    }
    setError(null);
    try {
      const next = await save.mutateAsync(cents);
      setValue(amountText(next.ceilingCents));
      toast.success(next.paused ? 'Limite salvo. A IA continua pausada neste período.' : 'Limite de gastos salvo.');
    } catch (err) {
      setError(checkoutErrorText(err));
    }
  };

  return (
    <section
      id="limite-de-gastos"
      aria-labelledby="limite-de-gastos-titulo"
      className="mt-10 scroll-mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700">
          <Gauge className="size-5" aria-hidden />
        </span>
        <div>
          <h2 id="limite-de-gastos-titulo" className="text-lg font-semibold text-slate-900">
            Limite de gastos extras
          </h2>
          <p className="mt-1 max-w-2xl text-sm text-slate-600">
            Acima das mensagens do plano, cada resposta da IA custa US$ 0,01. Defina quanto isso pode custar por período
            de cobrança: ao chegar no limite, a IA pausa até você aumentá-lo ou o período virar.
          </p>
        </div>
      </div>

      {paused ? (
        <Alert tone="error" className="mt-4">
          A IA está pausada: o limite de {formatPlanPrice(ceilingCents)} foi atingido. Seus clientes não recebem
          respostas da IA; você ainda pode responder pela caixa de entrada.
        </Alert>
      ) : null}

      <div className="mt-5 grid gap-6 md:grid-cols-2">
        <div>
          <p className="text-sm font-medium text-slate-700">Gasto extra neste período</p>
          <p className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">
            {formatPlanPrice(spentCents)}{' '}
            <span className="text-base font-medium text-slate-600">de {formatPlanPrice(ceilingCents)}</span>
          </p>
          <div
            className="mt-2 h-2.5 overflow-hidden rounded-full bg-slate-100"
            role="progressbar"
            aria-label="Gasto extra do período"
            aria-valuemin={0}
            aria-valuemax={ceilingCents}
            aria-valuenow={Math.min(spentCents, ceilingCents)}
          >
            <div
              className={cn(
                'h-full rounded-full',
                paused ? 'bg-red-500' : width >= 80 ? 'bg-amber-500' : 'bg-brand-600',
              )}
              style={{ width: `${width}%` }}
            />
          </div>
          {until ? <p className="mt-2 text-sm text-slate-600">O período vai até {until}.</p> : null}
        </div>

        <form onSubmit={(e) => void submit(e)} noValidate className="space-y-3">
          <Field
            id="overage-ceiling"
            label="Limite por período (US$)"
            error={error ?? undefined}
            hint="Use 0 para nunca pagar além do plano."
          >
            <Input
              id="overage-ceiling"
              inputMode="decimal"
              autoComplete="off"
              value={value}
              onChange={(e) => setValue(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'overage-ceiling-error' : undefined}
            />
          </Field>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? <Spinner className="size-4" /> : null}
            Salvar limite
          </Button>
        </form>
      </div>
    </section>
  );
}
