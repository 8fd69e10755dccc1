import { localDateTime } from '../account/local-time.ts';

/**
 * When the business opens next, in pt-BR and the business's zone: 'hoje às 08:00',
 * 'amanhã (sábado, 22/11) às 08:00', 'segunda-feira, 24/11, às 08:00'.
 */
export function describeOpening(at: Date, now: Date, timeZone: string): string {
  const dayOf = (d: Date) => localDateTime(d, timeZone).split(', ').slice(0, 2);
  const [weekday, date] = dayOf(at) as [string, string];
  const [, today] = dayOf(now) as [string, string];
  const [, tomorrow] = dayOf(new Date(now.getTime() + 24 * 3600_000)) as [string, string];
  const time = localDateTime(at, timeZone).split(', ')[2]!;
  const short = date.slice(0, 5);
  if (date === today) return `hoje às ${time}`;
  if (date === tomorrow) return `amanhã (${weekday}, ${short}) às ${time}`;
  return `${weekday}, ${short}, às ${time}`;
}
