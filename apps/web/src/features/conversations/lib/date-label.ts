/**
 * The date label of a conversation row (docs/product/screens.md#dashboard-inbox): today 'hh:mm'; yesterday 'Ontem';
 * under 7 days the short pt-BR weekday; otherwise 'dd/mm/yy'. Days are calendar days in the
 * owner's time zone (the browser's; Brasília time when it cannot tell), so 23:59 and 00:01 are
 * 'Ontem' and today.
 */
export const DEFAULT_TIME_ZONE = browserTimeZone();

function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'America/Sao_Paulo';
  } catch {
    return 'America/Sao_Paulo';
  }
}

const WEEKDAYS = ['Dom', 'Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb'] as const;

interface LocalDay {
  /** Days since 1970-01-01 for the calendar date in the zone. */
  dayNumber: number;
  weekday: number;
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function localDay(date: Date, timeZone: string): LocalDay {
  const parts: Record<string, number> = {};
  for (const p of partsFormatter(timeZone).formatToParts(date))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const { year = 1970, month = 1, day = 1, hour = 0, minute = 0 } = parts;
  const dayNumber = Math.floor(Date.UTC(year, month - 1, day) / 86_400_000);
  return {
    dayNumber,
    weekday: new Date(dayNumber * 86_400_000).getUTCDay(),
    year,
    month,
    day,
    hour: hour % 24,
    minute,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

export function chatDateLabel(
  value: string | Date,
  now: Date = new Date(),
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const at = localDay(date, timeZone);
  const today = localDay(now, timeZone);
  const daysAgo = today.dayNumber - at.dayNumber;
  // A clock slightly ahead of ours (daysAgo < 0) still reads as today.
  if (daysAgo <= 0) return `${pad(at.hour)}:${pad(at.minute)}`;
  if (daysAgo === 1) return 'Ontem';
  if (daysAgo < 7) return WEEKDAYS[at.weekday]!;
  return `${pad(at.day)}/${pad(at.month)}/${pad(at.year % 100)}`;
}

/** Full date and time for tooltips and message timestamps: '10/03/2025 14:05'. */
export function fullDateTime(value: string | Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const at = localDay(typeof value === 'string' ? new Date(value) : value, timeZone);
  return `${pad(at.day)}/${pad(at.month)}/${at.year} ${pad(at.hour)}:${pad(at.minute)}`;
}

/** 'hh:mm' of a message bubble. */
export function timeOfDay(value: string | Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const at = localDay(typeof value === 'string' ? new Date(value) : value, timeZone);
  return `${pad(at.hour)}:${pad(at.minute)}`;
}

/** The day separator in a chat: 'Hoje', 'Ontem', or 'seg., 10/03/2025'-like full date. */
export function chatDayLabel(
  value: string | Date,
  now: Date = new Date(),
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  const at = localDay(typeof value === 'string' ? new Date(value) : value, timeZone);
  const today = localDay(now, timeZone);
  const daysAgo = today.dayNumber - at.dayNumber;
  if (daysAgo <= 0) return 'Hoje';
  if (daysAgo === 1) return 'Ontem';
  return `${pad(at.day)}/${pad(at.month)}/${at.year}`;
}

/** A key that changes when the calendar day (in the zone) changes. */
export function dayKey(value: string | Date, timeZone: string = DEFAULT_TIME_ZONE): number {
  return localDay(typeof value === 'string' ? new Date(value) : value, timeZone).dayNumber;
}
