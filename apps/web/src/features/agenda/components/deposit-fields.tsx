import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { selectClass } from './service-fields';

/** The sinal as the owner types it: none, an amount in reais, or a percent of the price. */
export interface DepositDraft {
  depositKind: 'none' | 'amount' | 'percent';
  depositValue: string;
  holdMinutes: number;
}

const HOLDS = [15, 30, 60, 120, 240, 1440];
const holdLabel = (m: number) => (m < 60 ? `${m} min` : m === 1440 ? '24 h' : `${m / 60} h`);

/**
 * 'Sinal por Pix' (docs/decisions/074-agenda-deposit.md): a booking of the service for a conversation is
 * held until the sinal is paid; unpaid in the time chosen, the slot is released and the customer told.
 */
export function DepositFields({
  idPrefix,
  value,
  onChange,
  error,
}: {
  idPrefix: string;
  value: DepositDraft;
  onChange: (next: DepositDraft) => void;
  error?: string;
}) {
  const set = (patch: Partial<DepositDraft>) => onChange({ ...value, ...patch });
  return (
    <fieldset className="rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-900">Sinal por Pix</legend>
      <p className="text-[13px] text-slate-600">
        O horário fica reservado até o cliente pagar o sinal; sem pagamento no prazo, ele é liberado e o cliente
        avisado.
      </p>
      <div className="mt-3 grid gap-4 sm:grid-cols-3">
        <Field id={`${idPrefix}-deposit-kind`} label="Sinal">
          <select
            id={`${idPrefix}-deposit-kind`}
            className={selectClass}
            value={value.depositKind}
            onChange={(e) => set({ depositKind: e.target.value as DepositDraft['depositKind'] })}
          >
            <option value="none">Sem sinal</option>
            <option value="amount">Valor (R$)</option>
            <option value="percent">% do preço</option>
          </select>
        </Field>
        {value.depositKind !== 'none' ? (
          <Field
            id={`${idPrefix}-deposit-value`}
            label={value.depositKind === 'amount' ? 'Valor do sinal (R$)' : 'Porcentagem'}
            error={error}
          >
            <Input
              id={`${idPrefix}-deposit-value`}
              inputMode={value.depositKind === 'amount' ? 'decimal' : 'numeric'}
              placeholder={value.depositKind === 'amount' ? '30,00' : '30'}
              value={value.depositValue}
              aria-invalid={error ? true : undefined}
              onChange={(e) => set({ depositValue: e.target.value })}
            />
          </Field>
        ) : null}
        {value.depositKind !== 'none' ? (
          <Field id={`${idPrefix}-hold`} label="Prazo para pagar">
            <select
              id={`${idPrefix}-hold`}
              className={selectClass}
              value={value.holdMinutes}
              onChange={(e) => set({ holdMinutes: Number(e.target.value) })}
            >
              {[...new Set([...HOLDS, value.holdMinutes])]
                .sort((a, b) => a - b)
                .map((m) => (
                  <option key={m} value={m}>
                    {holdLabel(m)}
                  </option>
                ))}
            </select>
          </Field>
        ) : null}
      </div>
    </fieldset>
  );
}
