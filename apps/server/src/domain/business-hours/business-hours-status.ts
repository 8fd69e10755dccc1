import type { WeeklyHours } from '@vendai/contracts';
import { nationalHoliday } from './national-holidays.ts';
import { zoneFormatter } from '../account/zone-formatter.ts';

/**
 * Is the business open now, and when does it open next (docs/decisions/019-business-hours.md)?
 * Pure: the week (index 0 = domingo; `to` before `from` closes after midnight, on the next day), the
 * owner's closed days and Brazil's national holidays close the day an opening starts on.
 */
export interface BusinessHoursStatus {
  openNow: boolean;
  /** The next opening after `now` (null when none in the next 366 days); while open, the next one after this. */
  nextOpening: Date | null;
  /** While open, when it closes. */
  closesAt: Date | null;
}

/** How far ahead a next opening is looked for. */
const LOOKAHEAD_DAYS = 366;

const WALL_CLOCK: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

/** The wall clock of `at` in `timeZone`: local date, weekday and minutes. */
export function localParts(at: Date, timeZone: string): { y: number; m: number; d: number; hh: number; mm: number } {
  const p = Object.fromEntries(
    zoneFormatter('wall-clock', 'en-US', timeZone, WALL_CLOCK)
      .formatToParts(at)
      .map((x) => [x.type, Number(x.value)]),
  );
  return { y: p.year!, m: p.month!, d: p.day!, hh: p.hour!, mm: p.minute! };
}

/** The instant of a local wall-clock time in `timeZone` (two passes settle a changed offset). */
export function localToInstant(y: number, m: number, d: number, minutes: number, timeZone: string): Date {
  const wall = Date.UTC(y, m - 1, d, 0, minutes);
  let guess = wall;
  for (let i = 0; i < 2; i++) {
    const p = localParts(new Date(guess), timeZone);
    const seen = Date.UTC(p.y, p.m - 1, p.d, p.hh, p.mm);
    guess += wall - seen;
  }
  return new Date(guess);
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** 'YYYY-MM-DD' of a UTC-midnight calendar day. */
const isoDay = (day: Date) => day.toISOString().slice(0, 10);

export function businessHoursStatus(
  hours: WeeklyHours,
  closedDays: readonly string[],
  now: Date,
  timeZone: string,
): BusinessHoursStatus {
  const closed = new Set(closedDays);
  const today = localParts(now, timeZone);
  let openNow = false;
  let closesAt: Date | null = null;
  // From yesterday (an opening across midnight may still run) onwards, one calendar day at a time.
  for (let offset = -1; offset <= LOOKAHEAD_DAYS; offset++) {
    const day = new Date(Date.UTC(today.y, today.m - 1, today.d + offset));
    const local = isoDay(day);
    const span = hours[day.getUTCDay()];
    if (!span || closed.has(local) || nationalHoliday(local)) continue;
    const [y, m, d] = [day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()];
    const from = minutesOf(span.from);
    const to = minutesOf(span.to);
    const start = localToInstant(y, m, d, from, timeZone);
    const end = localToInstant(y, m, d, to <= from ? to + 24 * 60 : to, timeZone);
    if (start <= now && now < end) {
      openNow = true;
      closesAt = end;
      continue;
    }
    if (start > now) return { openNow, nextOpening: start, closesAt };
  }
  return { openNow, nextOpening: null, closesAt };
}
