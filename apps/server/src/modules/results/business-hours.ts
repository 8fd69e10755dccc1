import type { WeeklyHours } from '@vendai/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loadBusinessHours } from '../../domain/business-hours/load-business-hours.ts';
import { nationalHoliday } from '../../domain/business-hours/national-holidays.ts';
import { DEFAULT_BUSINESS_HOURS } from '../../domain/business-hours/default-hours.ts';

/**
 * 'Fora do horário' in Resultados: the account's own business hours (Configurações → 'Horário da
 * empresa', domain/business-hours, docs/decisions/019-business-hours.md), the same week, closed days
 * and national holidays the AI is told about. An opening that ends after midnight belongs to the day
 * it starts on, so a closed day or holiday closes it, as in businessHoursStatus.
 */
export interface ResultsHours {
  /** Index 0 = domingo … 6 = sábado; null = closed all day. */
  week: WeeklyHours;
  /** Local dates ('YYYY-MM-DD') closed all day: the owner's closed days and national holidays. */
  closedDates: string[];
}

const DAY_MS = 86_400_000;
const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** The account's hours for local dates [fromDate, toDate]; the default week (default-hours.ts) when it gave none. */
export async function businessHoursFor(
  db: Db,
  accountId: string,
  dates: { fromDate: string; toDate: string },
): Promise<ResultsHours> {
  const { week, closedDays } = await loadBusinessHours(db, accountId);
  if (!week) return { week: DEFAULT_BUSINESS_HOURS, closedDates: [] };
  const holidays: string[] = [];
  // From the day before: an opening after midnight on the first day started on it.
  for (let d = addDays(dates.fromDate, -1); d <= dates.toDate; d = addDays(d, 1))
    if (nationalHoliday(d)) holidays.push(d);
  return { week, closedDates: [...new Set([...closedDays, ...holidays])] };
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** A boolean SQL expression: `local` (a timestamp without time zone, local time) is outside the hours. */
export function outsideHoursSql(hours: ResultsHours, local: SQL): SQL {
  const minute = sql`(extract(hour from ${local})::int * 60 + extract(minute from ${local})::int)`;
  const closed = (date: SQL) =>
    hours.closedDates.length === 0
      ? sql`false`
      : sql`(${date})::date in (${sql.join(
          hours.closedDates.map((d) => sql`${d}::date`),
          sql`, `,
        )})`;
  // Per weekday (0 = domingo, as extract(dow)): open from the opening that starts that day, and from
  // the previous day's opening that runs past midnight.
  const sameDay = hours.week.map((h) => {
    if (!h) return sql`false`;
    const [a, b] = [minutes(h.from), minutes(h.to)];
    return b > a
      ? sql`(${minute} >= ${sql.raw(String(a))} and ${minute} < ${sql.raw(String(b))})`
      : sql`${minute} >= ${sql.raw(String(a))}`;
  });
  const spill = hours.week.map((_, d) => {
    const h = hours.week[(d + 6) % 7];
    if (!h || minutes(h.to) > minutes(h.from)) return sql`false`;
    return sql`${minute} < ${sql.raw(String(minutes(h.to)))}`;
  });
  const byDay = (parts: SQL[]) =>
    sql`(case extract(dow from ${local})::int ${sql.join(
      parts.map((p, d) => sql`when ${sql.raw(String(d))} then ${p}`),
      sql` `,
    )} end)`;
  return sql`not ((${byDay(sameDay)} and not ${closed(local)})
    or (${byDay(spill)} and not ${closed(sql`${local} - interval '1 day'`)}))`;
}
