import type { AgendaResults, ResultsQuery } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { getAccountTimeZone } from '../../domain/account/account-time-zone.ts';
import { agendaDayRows } from './agenda-results-repository.ts';
import { resolvePeriod } from './results-period.ts';

const n = (v: unknown) => Number(v ?? 0);
const rate = (noShows: number, attended: number) =>
  noShows + attended === 0 ? null : Math.round((noShows / (noShows + attended)) * 1000) / 1000;

/**
 * Resultados' 'Agenda' for a period (GET /api/results/agenda; docs/decisions/069-agenda.md): appointments by
 * status, those the AI booked, the revenue of the attended ones and the no-show rate per day. The number filter
 * does not apply (a booking belongs to the account, not to a number).
 */
export async function getAgendaResults(input: {
  db: Db;
  accountId: string;
  query: ResultsQuery;
  now?: Date;
}): Promise<AgendaResults> {
  const timeZone = await getAccountTimeZone(input.db, input.accountId);
  const period = resolvePeriod(input.query, timeZone, input.now ?? new Date());
  const rows = await agendaDayRows(input.db, { userId: input.accountId, from: period.from, to: period.to, timeZone });
  const sum = (key: keyof (typeof rows)[number]) => rows.reduce((s, r) => s + n(r[key]), 0);
  const attended = sum('attended');
  const noShows = sum('no_show');
  return {
    from: period.fromDate,
    to: period.toDate,
    total: sum('total'),
    byAi: sum('by_ai'),
    booked: sum('booked'),
    confirmed: sum('confirmed'),
    attended,
    noShows,
    cancelled: sum('cancelled'),
    attendedRevenueCents: sum('revenue'),
    noShowRate: rate(noShows, attended),
    days: rows.map((r) => ({
      date: r.day,
      attended: n(r.attended),
      noShows: n(r.no_show),
      rate: rate(n(r.no_show), n(r.attended)),
    })),
  };
}
