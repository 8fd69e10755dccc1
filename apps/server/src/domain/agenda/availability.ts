import type { WeeklyHours } from '@vendai/contracts';
import { localParts, localToInstant } from '../business-hours/business-hours-status.ts';
import { nationalHoliday } from '../business-hours/national-holidays.ts';

/**
 * Free slots, computed and never guessed (docs/decisions/069-agenda.md). Pure: everything comes in,
 * the clock included. A slot is a start where the service itself fits inside the professional's working
 * hours of that local day (the account's time zone, DST included: every start is a local wall-clock time
 * turned into an instant), outside the day's breaks, on a day that is not a day off, an account closed day
 * or a national holiday; and where its busy range (the service with its buffers before and after) overlaps
 * no booking's busy range and no block. Starts come on a grid of `stepMinutes` from the opening, no earlier
 * than `now` + the service's minimum notice and before `now` + the horizon.
 */

export interface AgendaBreak {
  from: string;
  to: string;
  /** Empty = every working day (0 = domingo). */
  weekdays: readonly number[];
}

export interface AvailabilityInput {
  now: Date;
  timeZone: string;
  /** The first and last instants asked about (clamped to notice and horizon). */
  from: Date;
  to: Date;
  horizonDays: number;
  stepMinutes: number;
  service: {
    durationMinutes: number;
    bufferBeforeMinutes: number;
    bufferAfterMinutes: number;
    minNoticeMinutes: number;
  };
  professional: { week: WeeklyHours; breaks: readonly AgendaBreak[]; daysOff: readonly string[] };
  /** The account's own closed days ('YYYY-MM-DD', Configurações). */
  closedDays: readonly string[];
  /** Time already taken: bookings' busy ranges and blocks, as instants. */
  busy: readonly { from: Date; to: Date }[];
}

export interface Slot {
  start: Date;
  end: Date;
}

const MINUTE = 60_000;
/** Never more slots than this in one answer (a week of 15-minute steps fits). */
const MAX_SLOTS = 2_000;

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether the local day is closed for the professional: a day off, an account closed day or a national holiday. */
export function dayClosed(localDate: string, daysOff: readonly string[], closedDays: readonly string[]): boolean {
  return daysOff.includes(localDate) || closedDays.includes(localDate) || nationalHoliday(localDate) !== null;
}

export function freeSlots(input: AvailabilityInput): Slot[] {
  const { service, professional, timeZone } = input;
  const earliest = Math.max(input.from.getTime(), input.now.getTime() + service.minNoticeMinutes * MINUTE);
  const latest = Math.min(input.to.getTime(), input.now.getTime() + input.horizonDays * 24 * 60 * MINUTE);
  if (earliest >= latest) return [];
  const busy = input.busy.map((b) => [b.from.getTime(), b.to.getTime()] as const).sort((a, b) => a[0] - b[0]);
  const step = Math.max(5, input.stepMinutes);
  const slots: Slot[] = [];
  // From the local day before `earliest` (an opening across midnight) to the local day of `latest`.
  const first = localParts(new Date(earliest), timeZone);
  const last = localParts(new Date(latest), timeZone);
  const lastDay = Date.UTC(last.y, last.m - 1, last.d);
  for (let offset = -1; ; offset++) {
    const day = new Date(Date.UTC(first.y, first.m - 1, first.d + offset));
    if (day.getTime() > lastDay) break;
    const localDate = day.toISOString().slice(0, 10);
    const weekday = day.getUTCDay();
    const span = professional.week[weekday];
    if (!span || dayClosed(localDate, professional.daysOff, input.closedDays)) continue;
    const [y, m, d] = [day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()];
    const open = minutesOf(span.from);
    let close = minutesOf(span.to);
    if (close <= open) close += 24 * 60;
    const breaks = professional.breaks
      .filter((b) => b.weekdays.length === 0 || b.weekdays.includes(weekday))
      .map((b) => [minutesOf(b.from), minutesOf(b.to)] as const);
    for (let local = open; local + service.durationMinutes <= close; local += step) {
      const localEnd = local + service.durationMinutes;
      if (breaks.some(([bf, bt]) => local < bt && bf < localEnd)) continue;
      const start = localToInstant(y, m, d, local, timeZone).getTime();
      if (start < earliest || start >= latest) continue;
      const end = localToInstant(y, m, d, localEnd, timeZone).getTime();
      const busyFrom = start - service.bufferBeforeMinutes * MINUTE;
      const busyUntil = end + service.bufferAfterMinutes * MINUTE;
      if (busy.some(([bf, bt]) => busyFrom < bt && bf < busyUntil)) continue;
      slots.push({ start: new Date(start), end: new Date(end) });
      if (slots.length >= MAX_SLOTS) return slots;
    }
  }
  return slots;
}

/** Whether one start is a free slot (the same rule, asked about a single instant). */
export function isFreeSlot(input: Omit<AvailabilityInput, 'from' | 'to'>, start: Date): boolean {
  return freeSlots({ ...input, from: start, to: new Date(start.getTime() + 1) }).some(
    (s) => s.start.getTime() === start.getTime(),
  );
}
