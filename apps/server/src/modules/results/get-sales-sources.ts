import type { ResultsQuery, SalesSourceRow, SalesSources, SourceCostInput } from '@vendai/contracts';
import { isUuid } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { getAccountTimeZone } from '../../domain/account/account-time-zone.ts';
import { notFound } from '../../lib/app-error.ts';
import { resolvePeriod } from './results-period.ts';
import { listAccountNumbers } from './results-repository.ts';
import { salesSourceRows, saveSourceCost } from './sales-sources-repository.ts';

const n = (v: unknown) => Number(v ?? 0);
const per = (cost: number | null, count: number) => (cost === null || count === 0 ? null : Math.round(cost / count));

/** 'Origem das vendas' for a period (GET /api/results/sources; docs/decisions/071-ad-attribution.md). */
export async function getSalesSources(input: {
  db: Db;
  accountId: string;
  query: ResultsQuery;
  now?: Date;
}): Promise<SalesSources> {
  const { db, accountId, query } = input;
  const [timeZone, userNumbers] = await Promise.all([
    getAccountTimeZone(db, accountId),
    listAccountNumbers(db, accountId),
  ]);
  const numberId = query.numberId ?? null;
  if (numberId && (!isUuid(numberId) || !userNumbers.some((x) => x.id === numberId)))
    throw notFound('Número não encontrado.');
  const period = resolvePeriod(query, timeZone, input.now ?? new Date());
  const rows = await salesSourceRows(db, { userId: accountId, numberId, from: period.from, to: period.to });
  return {
    from: period.fromDate,
    to: period.toDate,
    rows: rows.map((r): SalesSourceRow => {
      const costCents = r.cost_cents === null ? null : n(r.cost_cents);
      const conversations = n(r.conversations);
      const paidOrders = n(r.paid);
      return {
        kind: r.kind,
        sourceKey: r.source_key,
        label:
          r.kind === 'direct' ? 'Direto' : (r.label ?? (r.kind === 'ad' ? `Anúncio ${r.source_key}` : 'Link removido')),
        conversations,
        qualified: n(r.qualified),
        orders: n(r.orders),
        paidOrders,
        revenueCents: n(r.revenue),
        freeEntry: n(r.free_entry),
        costCents,
        costPerConversationCents: per(costCents, conversations),
        costPerSaleCents: per(costCents, paidOrders),
      };
    }),
  };
}

/** The owner enters (or clears) what an ad or link cost. */
export async function setSourceCost(db: Db, accountId: string, input: SourceCostInput): Promise<void> {
  await saveSourceCost(db, accountId, input);
}

/** 'Origem das vendas' as CSV (';', decimal commas, a BOM: Excel and LibreOffice in pt-BR open it in columns). */
export async function exportSalesSourcesCsv(input: {
  db: Db;
  accountId: string;
  query: ResultsQuery;
  now?: Date;
}): Promise<{ filename: string; body: string }> {
  const sources = await getSalesSources(input);
  const money = (c: number | null) => (c === null ? '' : (c / 100).toFixed(2).replace('.', ','));
  const cell = (text: string) => (/[;"\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  const kind = { ad: 'Anúncio', link: 'Link de origem', direct: 'Direto' } as const;
  const lines = [
    'Origem;Tipo;Conversas;Qualificadas;Pedidos;Pedidos pagos;Receita (R$);Custo (R$);Custo por conversa (R$);Custo por venda (R$);Conversas na janela grátis',
    ...sources.rows.map((r) =>
      [
        cell(r.label),
        kind[r.kind],
        r.conversations,
        r.qualified,
        r.orders,
        r.paidOrders,
        money(r.revenueCents),
        money(r.costCents),
        money(r.costPerConversationCents),
        money(r.costPerSaleCents),
        r.freeEntry,
      ].join(';'),
    ),
  ];
  return { filename: `origem-das-vendas-${sources.from}-a-${sources.to}.csv`, body: `\uFEFF${lines.join('\r\n')}\r\n` };
}
