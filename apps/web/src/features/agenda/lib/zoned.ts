/**
 * Wall-clock times in the account's time zone (docs/decisions/069-agenda.md): the agenda shows and
 * books in the business's zone, whatever the browser's. Days are 'YYYY-MM-DD'; times minutes after
 * midnight. Intl only (the server's business hours use the same two-pass conversion).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export interface WallClock {
  day: string;
  minutes: number;
}

export function wallClock(at: Date, timeZone: string): WallClock {
  const p = Object.fromEntries(
    partsFormatter(timeZone)
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  return { day: `${p.year}-${p.month}-${p.day}`, minutes: Number(p.hour) * 60 + Number(p.minute) };
}

/** The instant of a local day and time in `timeZone` (two passes settle a changed offset). */
export function instantOf(day: string, minutes: number, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, 0, minutes);
  let guess = wall;
  for (let i = 0; i < 2; i++) {
    const seen = wallClock(new Date(guess), timeZone);
    const [sy, sm, sd] = seen.day.split('-').map(Number) as [number, number, number];
    guess += wall - Date.UTC(sy, sm - 1, sd, 0, seen.minutes);
  }
  return new Date(guess);
}

export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** 0 = domingo. */
export function weekdayOf(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

/** The Monday of the day's week. */
export function weekStart(day: string): string {
  return addDays(day, -((weekdayOf(day) + 6) % 7));
}

export const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export const minutesOfHhmm = (value: string) => Number(value.slice(0, 2)) * 60 + Number(value.slice(3, 5));

const WEEKDAYS = ['domingo', 'segunda', 'terça', 'quarta', 'quinta', 'sexta', 'sábado'] as const;
const WEEKDAYS_SHORT = ['Dom', 'Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb'] as const;

/** 'segunda, 02/03' */
export function dayLabel(day: string): string {
  return `${WEEKDAYS[weekdayOf(day)]}, ${day.slice(8, 10)}/${day.slice(5, 7)}`;
}

/** 'Seg 02' */
export function shortDayLabel(day: string): string {
  return `${WEEKDAYS_SHORT[weekdayOf(day)]} ${day.slice(8, 10)}`;
}
