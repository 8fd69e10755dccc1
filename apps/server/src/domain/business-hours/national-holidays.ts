import Holidays from 'date-holidays';

/**
 * Brazil's national holidays (date-holidays, country BR with no state: national only; its data is
 * bundled, no network). Local dates 'YYYY-MM-DD' of the 'public' ones, cached per year.
 */
const brazil = new Holidays('BR');
const byYear = new Map<number, Map<string, string>>();

/** The holiday's name on this local date ('Natal'), or null. */
export function nationalHoliday(localDate: string): string | null {
  const year = Number(localDate.slice(0, 4));
  let days = byYear.get(year);
  if (!days) {
    days = new Map(
      brazil
        .getHolidays(year)
        .filter((h) => h.type === 'public')
        .map((h) => [h.date.slice(0, 10), h.name] as const),
    );
    byYear.set(year, days);
  }
  return days.get(localDate) ?? null;
}
