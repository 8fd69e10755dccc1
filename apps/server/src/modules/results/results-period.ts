import { RESULTS_MAX_DAYS, type ResultsPeriod } from '@vendai/contracts';
import { AppError } from '../../lib/app-error.ts';

/** A period in the account's time zone: whole local days [fromDate, toDate], and the same length before. */
export interface ResolvedPeriod {
  kind: ResultsPeriod;
  fromDate: string;
  toDate: string;
  previousFromDate: string;
  previousToDate: string;
  days: number;
  /** Instants: [from, to) is the period, [previousFrom, from) the one before. */
  from: Date;
  to: Date;
  previousFrom: Date;
}

const DAY_MS = 86_400_000;

/** The local calendar date (AAAA-MM-DD) of an instant in a time zone. */
export function localDateOf(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** How far the time zone is ahead of UTC at an instant, in ms. */
function offsetMs(at: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(new Date(at))
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return asUtc - Math.floor(at / 1000) * 1000;
}

/** The instant a local date begins in a time zone (DST-safe: the offset is checked at the result). */
export function localMidnight(date: string, timeZone: string): Date {
  const guess = Date.parse(`${date}T00:00:00Z`);
  const first = guess - offsetMs(guess, timeZone);
  return new Date(guess - offsetMs(first, timeZone));
}

/**
 * Today, the last 7 or 30 days (today included) or a custom range of local dates; the previous period
 * is the same number of days just before it.
 */
export function resolvePeriod(
  input: { period: ResultsPeriod; from?: string; to?: string },
  timeZone: string,
  now: Date,
): ResolvedPeriod {
  const today = localDateOf(now, timeZone);
  let fromDate: string;
  let toDate = today;
  if (input.period === 'custom') {
    fromDate = input.from!;
    toDate = input.to!;
    const valid =
      !Number.isNaN(Date.parse(`${fromDate}T00:00:00Z`)) && !Number.isNaN(Date.parse(`${toDate}T00:00:00Z`));
    if (!valid || fromDate > toDate)
      throw new AppError('VALIDATION', 'Escolha a data inicial e a final (a inicial antes da final).');
    if (daysBetween(fromDate, toDate) + 1 > RESULTS_MAX_DAYS)
      throw new AppError('VALIDATION', `O período pode ter no máximo ${RESULTS_MAX_DAYS} dias.`);
  } else {
    fromDate = addDays(today, input.period === 'today' ? 0 : input.period === '7d' ? -6 : -29);
  }
  const days = daysBetween(fromDate, toDate) + 1;
  const previousFromDate = addDays(fromDate, -days);
  return {
    kind: input.period,
    fromDate,
    toDate,
    previousFromDate,
    previousToDate: addDays(fromDate, -1),
    days,
    from: localMidnight(fromDate, timeZone),
    to: localMidnight(addDays(toDate, 1), timeZone),
    previousFrom: localMidnight(previousFromDate, timeZone),
  };
}
