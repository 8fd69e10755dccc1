import type { WeeklyHours } from '@vendai/contracts';
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
