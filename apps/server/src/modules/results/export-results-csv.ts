import { RESULTS_CSV_HEADER, type ResultsQuery } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { loadResults } from './get-results.ts';

/** A pt-BR decimal ('12,5'), or empty when there is no value. */
const decimal = (v: number | null) => (v == null ? '' : String(v).replace('.', ','));
/** DD/MM/AAAA from AAAA-MM-DD. */
const brDate = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

/** A conversion (0–1) as a pt-BR percentage with one decimal ('42,9'); empty without conversations. */
const percent = (v: number | null) => (v == null ? '' : decimal(Math.round(v * 1000) / 10));

/**
 * The period's per-day figures as CSV (GET /api/results/export.csv): header row, one row per local
 * day, ';'-separated with decimal commas and a BOM so Excel and LibreOffice in pt-BR open it in columns.
 */
export async function exportResultsCsv(input: {
  db: Db;
  accountId: string;
  query: ResultsQuery;
  now?: Date;
}): Promise<{ filename: string; body: string }> {
  const { results, funnelByDay } = await loadResults(input);
  // 'Funil de vendas' (decision 043): after 'Conversas iniciadas', per stage the day's conversations in it
  // now and the share that reached it.
  const stages = results.funnel.stages;
  const funnelHeader = stages.flatMap((s) => [`Funil: ${s.name}`, `Funil: ${s.name} (conversão %)`]);
  const funnelCells = (date: string) => {
    const day = funnelByDay.get(date);
    return stages.flatMap((s) => {
      const f = day?.stages.find((x) => x.stageId === s.stageId);
      return [f?.count ?? 0, percent(f?.conversion ?? null)];
    });
  };
  const [first, second, ...rest] = RESULTS_CSV_HEADER;
  const lines = [
    [first, second, ...funnelHeader, ...rest].join(';'),
    ...results.days.map((d) =>
      [
        brDate(d.date),
        d.conversationsStarted,
        ...funnelCells(d.date),
        d.messagesIn,
        d.messagesOut,
        d.aiAnswers,
        d.ownerMessages,
        d.outsideHoursAnswers,
        d.failedSends,
        decimal(d.firstResponseP50),
        d.followUpsSent,
        d.followUpsReplied,
        d.followUpsRecovered,
        d.orders,
        d.paidOrders,
        (d.revenueCents / 100).toFixed(2).replace('.', ','),
        d.templatesUtility,
        d.templatesMarketing,
        d.templatesAuthentication,
      ].join(';'),
    ),
  ];
  return {
    filename: `vendai-resultados-${results.period.fromDate}-a-${results.period.toDate}.csv`,
    body: `\uFEFF${lines.join('\r\n')}\r\n`,
  };
}
