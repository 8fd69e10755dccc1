/** One CSV field: ';'-separated like Resultados' export (pt-BR spreadsheets), quoted when it must be. */
function field(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text =
    value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line (CRLF). */
export const csvLine = (values: readonly unknown[]) => `${values.map(field).join(';')}\r\n`;

/** The byte-order mark that makes Excel read the file as UTF-8. */
export const CSV_BOM = '\uFEFF';
