import type { SalesSourceRow } from '@vendai/contracts';
import { Download, Pencil } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { brl, parseReais } from '@/lib/money';
import { salesSourcesCsvHref, useSalesSources, useSetSourceCost } from '../api/get-sales-sources';
import type { ResultsFilters } from '../lib/filters';
import { formatCount } from '../lib/format';

const KIND_LABEL = { ad: 'Anúncio', link: 'Link de origem', direct: 'Sem origem registrada' } as const;
const AXIS = { fontSize: 12, fill: '#475569' };
const dash = (cents: number | null) => (cents === null ? '—' : brl(cents));

/**
 * 'Origem das vendas' (docs/decisions/071-ad-attribution.md): per Click-to-WhatsApp ad, 'Link de origem' and
 * 'Direto', the period's conversations, qualified ones, orders, paid orders and revenue; with the cost the owner
 * enters, the cost per conversation and per sale. A bar chart of revenue per source above the table.
 */
export function SalesSourcesCard({ filters }: { filters: ResultsFilters }) {
  const query = useSalesSources(filters);
  const rows = query.data?.rows ?? [];
  const anySource = rows.some((r) => r.kind !== 'direct');
  return (
    <section
      aria-labelledby="results-sources"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="results-sources"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id="results-sources" className="font-semibold text-slate-900">
            Origem das vendas
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            De qual anúncio ou link cada cliente veio (o primeiro contato), e quanto isso vendeu no período.
          </p>
        </div>
        {rows.length ? (
          <Button asChild variant="secondary" size="sm">
            <a href={salesSourcesCsvHref(filters)} download>
              <Download aria-hidden />
              CSV da origem
            </a>
          </Button>
        ) : null}
      </div>
      {query.isPending ? (
        <div className="mt-3 h-24 animate-pulse rounded-lg bg-slate-100" aria-busy="true" aria-label="Carregando" />
      ) : query.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          Não foi possível carregar a origem das vendas. {query.error.message}
        </p>
      ) : !rows.length ? (
        <p className="mt-3 text-sm text-slate-600">Nenhuma conversa ou venda neste período.</p>
      ) : (
        <>
          {!anySource ? (
            <p className="mt-3 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
              Nenhum cliente veio de anúncio ou link neste período. Crie um link de origem em Configurações, ou anuncie
              com &quot;Clique para WhatsApp&quot; num número da API oficial.
            </p>
          ) : null}
          <RevenueChart rows={rows} />
          {/* On a phone each source is a card; the table needs a wider screen. */}
          <ul className="mt-3 flex flex-col gap-2 sm:hidden">
            {rows.map((r) => (
              <SourceCard key={`${r.kind}:${r.sourceKey}`} row={r} />
            ))}
          </ul>
          <div className="mt-3 hidden overflow-x-auto sm:block">
            <table className="w-full min-w-[46rem] text-sm">
              <thead>
                <tr className="border-b border-slate-200 text-left text-slate-600">
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Origem
                  </th>
                  {['Conversas', 'Qualificadas', 'Pedidos', 'Pagos', 'Receita'].map((h) => (
                    <th key={h} scope="col" className="py-2 pr-3 text-right font-medium">
                      {h}
                    </th>
                  ))}
                  <th scope="col" className="py-2 pr-3 text-right font-medium">
                    Custo
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">
                    Por conversa
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    Por venda
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <SourceRow key={`${r.kind}:${r.sourceKey}`} row={r} />
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

function RevenueChart({ rows }: { rows: SalesSourceRow[] }) {
  const data = rows.slice(0, 8).map((r) => ({ label: r.label, reais: r.revenueCents / 100 }));
  if (!data.some((d) => d.reais > 0)) return null;
  const summary = rows.map((r) => `${r.label}: ${brl(r.revenueCents)}`).join('; ');
  return (
    <figure className="mt-3">
      <figcaption className="text-sm font-medium text-slate-700">Receita por origem</figcaption>
      <p className="sr-only">{summary}</p>
      <div className="mt-2" style={{ height: Math.max(120, data.length * 40) }}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} layout="vertical" margin={{ top: 0, right: 16, bottom: 0, left: 8 }}>
            <CartesianGrid horizontal={false} stroke="#e2e8f0" />
            <XAxis type="number" tick={AXIS} tickFormatter={(v: number) => brl(v * 100)} />
            <YAxis type="category" dataKey="label" tick={AXIS} width={120} />
            <Tooltip formatter={(v) => brl(Number(v) * 100)} cursor={{ fill: '#f1f5f9' }} />
            <Bar isAnimationActive={false} dataKey="reais" name="Receita" fill="#047857" radius={[0, 3, 3, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

function SourceCard({ row }: { row: SalesSourceRow }) {
  const [editing, setEditing] = useState(false);
  const figures: [string, string][] = [
    ['Conversas', formatCount(row.conversations)],
    ['Qualificadas', formatCount(row.qualified)],
    ['Pedidos', formatCount(row.orders)],
    ['Pagos', formatCount(row.paidOrders)],
    ['Receita', brl(row.revenueCents)],
    ['Custo', dash(row.costCents)],
    ['Por conversa', dash(row.costPerConversationCents)],
    ['Por venda', dash(row.costPerSaleCents)],
  ];
  return (
    <li className="rounded-lg border border-slate-200 p-3" data-testid="source-card">
      <p className="font-medium break-words text-slate-900">{row.label}</p>
      <p className="text-xs text-slate-600">
        {KIND_LABEL[row.kind]}
        {row.freeEntry ? ` · ${formatCount(row.freeEntry)} na janela grátis de 72 h` : ''}
      </p>
      <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        {figures.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-2">
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-medium whitespace-nowrap text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {row.kind === 'direct' ? null : editing ? (
        <div className="mt-2">
          <CostForm row={row} onDone={() => setEditing(false)} />
        </div>
      ) : (
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => setEditing(true)}>
          <Pencil aria-hidden /> Informar o custo
        </Button>
      )}
    </li>
  );
}

function SourceRow({ row }: { row: SalesSourceRow }) {
  const [editing, setEditing] = useState(false);
  return (
    <tr className="border-b border-slate-100 align-top last:border-0" data-testid="source-row">
      <th scope="row" className="py-2 pr-3 text-left font-medium text-slate-900">
        <span className="block break-words">{row.label}</span>
        <span className="block text-xs font-normal text-slate-600">
          {KIND_LABEL[row.kind]}
          {row.freeEntry ? ` · ${formatCount(row.freeEntry)} na janela grátis de 72 h` : ''}
        </span>
      </th>
      <td className="py-2 pr-3 text-right tabular-nums">{formatCount(row.conversations)}</td>
      <td className="py-2 pr-3 text-right tabular-nums">{formatCount(row.qualified)}</td>
      <td className="py-2 pr-3 text-right tabular-nums">{formatCount(row.orders)}</td>
      <td className="py-2 pr-3 text-right tabular-nums">{formatCount(row.paidOrders)}</td>
      <td className="py-2 pr-3 text-right tabular-nums">{brl(row.revenueCents)}</td>
      <td className="py-2 pr-3 text-right tabular-nums">
        {row.kind === 'direct' ? (
          '—'
        ) : editing ? (
          <CostForm row={row} onDone={() => setEditing(false)} />
        ) : (
          <button
            type="button"
            onClick={() => setEditing(true)}
            className="inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 text-slate-800 hover:bg-slate-100"
            aria-label={`Informar o custo de ${row.label}`}
          >
            {dash(row.costCents)} <Pencil className="size-3.5 text-slate-500" aria-hidden />
          </button>
        )}
      </td>
      <td className="py-2 pr-3 text-right tabular-nums">{dash(row.costPerConversationCents)}</td>
      <td className="py-2 text-right tabular-nums">{dash(row.costPerSaleCents)}</td>
    </tr>
  );
}

function CostForm({ row, onDone }: { row: SalesSourceRow; onDone: () => void }) {
  const [text, setText] = useState(row.costCents === null ? '' : (row.costCents / 100).toFixed(2).replace('.', ','));
  const [error, setError] = useState<string | null>(null);
  const save = useSetSourceCost();
  const id = `cost-${row.kind}-${row.sourceKey}-${useId()}`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const cents = text.trim() === '' ? null : parseReais(text);
    if (text.trim() !== '' && cents === null) return setError('Digite um valor em reais, ex.: 150,00');
    if (row.kind === 'direct') return;
    save.mutate(
      { kind: row.kind, sourceKey: row.sourceKey, costCents: cents },
      { onSuccess: onDone, onError: (err) => setError(err.message) },
    );
  };
  return (
    <form onSubmit={submit} className="flex min-w-[9rem] flex-col items-end gap-1">
      <label htmlFor={id} className="text-xs text-slate-600">
        Custo total (R$)
      </label>
      <Input
        id={id}
        value={text}
        onChange={(e) => setText(e.target.value)}
        inputMode="decimal"
        className="h-9 w-28 text-right"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        autoFocus
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-700">
          {error}
        </p>
      ) : null}
      <span className="flex gap-1">
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          Cancelar
        </Button>
        <Button type="submit" size="sm" disabled={save.isPending}>
          Salvar
        </Button>
      </span>
    </form>
  );
}
