import { zoneFormatter } from './zone-formatter.ts';

const LOCAL_DATE_TIME: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

/** 'sábado, 22/11/2026, 21:40' in the given zone. */
export function localDateTime(now: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    zoneFormatter('local-date-time', 'pt-BR', timeZone, LOCAL_DATE_TIME)
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.weekday}, ${parts.day}/${parts.month}/${parts.year}, ${parts.hour}:${parts.minute}`;
}
