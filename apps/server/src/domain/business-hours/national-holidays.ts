import { createRequire } from 'node:module';
import type Holidays from 'date-holidays';

/**
 * Brazil's national holidays (date-holidays, country BR with no state: national only; its data is
 * bundled, no network). Local dates 'YYYY-MM-DD' of the 'public' ones, cached per year.
 *
 * The library holds every country's data (~32 MB resident), so it is loaded on the first question, not
 * at start: accounts without business hours never ask (docs/performance.md, idle memory).
 */
const require = createRequire(import.meta.url);
let brazil: Holidays | undefined;
function holidaysOfBrazil(): Holidays {
  brazil ??= new (require('date-holidays') as typeof Holidays)('BR');
  return brazil;
}
const byYear = new Map<number, Map<string, string>>();

/** The holiday's name on this local date ('Natal'), or null. */
export function nationalHoliday(localDate: string): string | null {
  const year = Number(localDate.slice(0, 4));
  let days = byYear.get(year);
  if (!days) {
    days = new Map(
      holidaysOfBrazil()
        .getHolidays(year)
        .filter((h) => h.type === 'public')
        .map((h) => [h.date.slice(0, 10), h.name] as const),
    );
    byYear.set(year, days);
  }
  return days.get(localDate) ?? null;
}
