import { CLOUD_METER_CATEGORIES, CLOUD_METER_CATEGORY_LABELS, instanceDisplayName } from '@vendai/contracts';
import { useCloudMeter } from '@/lib/api/get-cloud-meter';
import { useNumbers } from '@/lib/api/get-numbers';
import { billedLabel, formatBrl, formatMeterMonth, sentTotal } from '@/lib/cloud-meter';
import { formatCount } from '../lib/format';

/**
 * The month's messages Meta charges on each official-API number, by category, with the estimate in reais
 * (docs/decisions/064-cloud-meter-and-one-balloon.md). The calendar month, whatever period is picked above:
 * Meta bills by month. Shown only when the account has a Cloud number.
 */
export function CloudMeterCard() {
  const numbers = useNumbers();
  const cloud = (numbers.data ?? []).filter((n) => n.provider === 'cloud');
  const meter = useCloudMeter(cloud.length > 0);
  if (cloud.length === 0 || !meter.data) return null;
  const { data } = meter;
  const total = data.numbers.reduce((sum, n) => sum + n.estimate_brl, 0);
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="cloud-meter-card">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-base font-semibold text-slate-900">
          Mensagens cobradas pela Meta em {formatMeterMonth(data.month)}
        </h2>
        <p className="text-sm text-slate-700">
          Estimativa: <span className="font-semibold tabular-nums">{formatBrl(total)}</span>
        </p>
      </div>
      <ul className="mt-3 divide-y divide-slate-100">
        {data.numbers.map((m) => {
          const number = cloud.find((n) => n.id === m.number_id);
          return (
            <li key={m.number_id} className="py-3 first:pt-0 last:pb-0" data-testid="cloud-meter-number">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                <p className="font-medium text-slate-900">{number ? instanceDisplayName(number) : 'Número removido'}</p>
                <p className="text-sm text-slate-700 tabular-nums">
                  {billedLabel(m.billable_total)} · ≈ {formatBrl(m.estimate_brl)}
                </p>
              </div>
              <dl className="mt-2 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
                {CLOUD_METER_CATEGORIES.map((c) => (
                  <div key={c} className="rounded-lg bg-slate-50 px-3 py-2">
                    <dt className="text-xs text-slate-500">{CLOUD_METER_CATEGORY_LABELS[c]}</dt>
                    <dd className="font-semibold text-slate-900 tabular-nums">
                      {formatCount(m.billable[c])}
                      {m.sent[c] !== m.billable[c] ? (
                        <span className="ml-1 text-xs font-normal text-slate-500">de {formatCount(m.sent[c])}</span>
                      ) : null}
                    </dd>
                  </div>
                ))}
              </dl>
              {sentTotal(m) > 0 && m.priced_by_meta < m.billable_total ? (
                <p className="mt-1.5 text-xs text-slate-500">
                  {formatCount(m.billable_total - m.priced_by_meta)} ainda sem a confirmação de preço da Meta.
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
      <p className="mt-3 text-xs leading-snug text-slate-500">
        A Meta cobra em dólar cada mensagem entregue: atendimento e utilidade US${' '}
        {data.usd_per_message.service.toLocaleString('pt-BR', { maximumFractionDigits: 4 })}, marketing US${' '}
        {data.usd_per_message.marketing.toLocaleString('pt-BR', { maximumFractionDigits: 4 })} (tabela do Brasil), a R${' '}
        {data.brl_per_usd.toLocaleString('pt-BR', { minimumFractionDigits: 2 })} por dólar. É uma estimativa: o valor
        certo está na fatura da Meta.
      </p>
    </section>
  );
}
