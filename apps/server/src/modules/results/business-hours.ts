import { sql, type SQL } from 'drizzle-orm';

/**
 * When the shop is open, per ISO weekday (1 = segunda … 7 = domingo): [open, close) in minutes after
 * local midnight, or null when closed all day. 'Fora do horário' in Resultados is everything else.
 */
export type WeeklyHours = Readonly<Record<1 | 2 | 3 | 4 | 5 | 6 | 7, readonly [number, number] | null>>;

/**
 * The documented default until an account can set its own hours (issue 18): Monday to Friday
 * 08:00–18:00, Saturday 08:00–13:00, Sunday closed — the usual hours of a Brazilian small shop
 * (docs/decisions/015-results-figures.md).
 */
export const DEFAULT_BUSINESS_HOURS: WeeklyHours = {
  1: [8 * 60, 18 * 60],
  2: [8 * 60, 18 * 60],
  3: [8 * 60, 18 * 60],
  4: [8 * 60, 18 * 60],
  5: [8 * 60, 18 * 60],
  6: [8 * 60, 13 * 60],
  7: null,
};

/**
 * The account's business hours. The one place Resultados reads them: when accounts get their own
 * hours (issue 18), this reads them and everything else follows.
 */
export function businessHoursFor(_userId: string): WeeklyHours {
  return DEFAULT_BUSINESS_HOURS;
}

/** A boolean SQL expression: `local` (a timestamp without time zone, local time) is outside the hours. */
export function outsideHoursSql(hours: WeeklyHours, local: SQL): SQL {
  const minute = sql`(extract(hour from ${local})::int * 60 + extract(minute from ${local})::int)`;
  const days = ([1, 2, 3, 4, 5, 6, 7] as const).map((d) => {
    const open = hours[d];
    const outside = open
      ? sql`not (${minute} >= ${sql.raw(String(open[0]))} and ${minute} < ${sql.raw(String(open[1]))})`
      : sql`true`;
    return sql`when ${sql.raw(String(d))} then ${outside}`;
  });
  return sql`(case extract(isodow from ${local})::int ${sql.join(days, sql` `)} end)`;
}

const DAY_NAMES = ['segunda', 'terça', 'quarta', 'quinta', 'sexta', 'sábado', 'domingo'];
const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** The hours in words, e.g. 'segunda a sexta 08:00–18:00; sábado 08:00–13:00; domingo fechado'. */
export function describeBusinessHours(hours: WeeklyHours): string {
  const parts: string[] = [];
  let d = 1;
  while (d <= 7) {
    const open = hours[d as 1];
    let end = d;
    while (end < 7 && String(hours[(end + 1) as 1]) === String(open)) end += 1;
    const days = end === d ? DAY_NAMES[d - 1] : `${DAY_NAMES[d - 1]} a ${DAY_NAMES[end - 1]}`;
    parts.push(open ? `${days} ${hhmm(open[0])}–${hhmm(open[1])}` : `${days} fechado`);
    d = end + 1;
  }
  return parts.join('; ');
}
