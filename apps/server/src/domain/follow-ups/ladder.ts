import type { WeeklyHours } from '@vendai/contracts';
import { businessHoursStatus } from '../business-hours/business-hours-status.ts';
import { DEFAULT_BUSINESS_HOURS } from '../business-hours/default-hours.ts';

/**
 * When a follow-up touch goes (docs/decisions/037-follow-ups.md): `gapMinutes` after VendAI's last
 * message; when that falls outside the account's business hours (the week, closed days, national
 * holidays), at the next opening. No hours given: the default week (default-hours.ts, the one
 * Resultados uses; docs/decisions/046-one-door-out.md). Pure: the clock is the caller's.
 */
export function touchDueAt(input: {
  lastReplyAt: Date;
  gapMinutes: number;
  hours: { week: WeeklyHours | null; closedDays: readonly string[] };
  timeZone: string;
}): Date | null {
  const due = new Date(input.lastReplyAt.getTime() + input.gapMinutes * 60_000);
  return openAtOrAfter(due, input.hours, input.timeZone);
}

/** `at` when the business is open then, else its next opening (null: none within a year); no hours: the default week. */
export function openAtOrAfter(
  at: Date,
  hours: { week: WeeklyHours | null; closedDays: readonly string[] },
  timeZone: string,
): Date | null {
  const status = businessHoursStatus(hours.week ?? DEFAULT_BUSINESS_HOURS, hours.closedDays, at, timeZone);
  return status.openNow ? at : status.nextOpening;
}
