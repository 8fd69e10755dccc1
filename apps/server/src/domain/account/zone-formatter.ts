/**
 * Date formatters reused per locale, time zone and use: building an Intl.DateTimeFormat costs far more
 * than formatting with it (it was a visible part of a reply's CPU, docs/performance.md). The keys are
 * few: a use per caller, and the account time zones in use.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

export function zoneFormatter(
  use: string,
  locale: string,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${use}|${locale}|${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formatters.set(key, formatter);
  }
  return formatter;
}
