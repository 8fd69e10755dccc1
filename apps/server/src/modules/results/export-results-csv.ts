import { RESULTS_CSV_HEADER, type ResultsQuery } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { getResults } from './get-results.ts';

/** A pt-BR decimal ('12,5'), or empty when there is no value. */
const decimal = (v: number | null) => (v == null ? '' : String(v).replace('.', ','));
/** DD/MM/AAAA from AAAA-MM-DD. */
const brDate = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

/**
 * The period's per-day figures as CSV (GET /api/results/export.csv): header row, one row per local
 * day, ';'-separated with decimal commas and a BOM so Excel and LibreOffice in pt-BR open it in columns.
 */
export async function exportResultsCsv(input: {
  db: Db;
  userId: string;
  query: ResultsQuery;
  now?: Date;
}): Promise<{ filename: string; body: string }> {
  const results = await getResults(input);
  const lines = [
    RESULTS_CSV_HEADER.join(';'),
    ...results.days.map((d) =>
      [
        brDate(d.date),
        d.conversationsStarted,
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
