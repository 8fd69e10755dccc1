/**
 * A cell a spreadsheet would run as a formula ('=', '+', '-', '@', a tab or a carriage return first:
 * OWASP's "CSV Injection") starts with a single quote, so Excel and LibreOffice show it as text. A
 * customer's message '=HYPERLINK(…)' reaches the owner's spreadsheet as the words typed.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field: ';'-separated like Resultados' export (pt-BR spreadsheets), quoted when it must be. */
function field(value: unknown): string {
  if (value === null || value === undefined) return '';
  const raw =
    value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
  // Numbers and booleans are written by us, never a formula; a negative amount stays a number.
  const text = typeof value === 'string' && FORMULA_START.test(raw) ? `'${raw}` : raw;
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line (CRLF). */
export const csvLine = (values: readonly unknown[]) => `${values.map(field).join(';')}\r\n`;

/** The byte-order mark that makes Excel read the file as UTF-8. */
export const CSV_BOM = '\uFEFF';
