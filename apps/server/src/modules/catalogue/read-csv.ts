import { AppError } from '../../lib/app-error.ts';
import { refuseFile, tableBuilder, UNREADABLE } from './spreadsheet-table.ts';

/** A CSV record's characters (csv-parse's field and line buffers): a row of 50 long cells fits. */
const MAX_RECORD_CHARS = 512 * 1024;

/** UTF-8, else Windows-1252 (Excel's Brazilian CSV export): accents survive either way. */
function decodeText(data: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('windows-1252').decode(data);
  }
}

/**
 * A CSV's table, record by record (csv-parse's `on_record`, loaded on the first import: see
 * docs/performance.md): each record goes to the table and is not kept by the parser, and the first
 * record past the import's rows stops the parse (docs/product/limits.md, "Uploads").
 */
export async function readCsv(data: Buffer) {
  const { parse } = await import('csv-parse/sync');
  const text = decodeText(data);
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  // Brazilian spreadsheets export with ';' (the comma is the decimal separator).
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) >= (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const table = tableBuilder();
  let line = 0;
  try {
    parse(text, {
      delimiter,
      relax_column_count: true,
      skip_empty_lines: false,
      trim: true,
      max_record_size: MAX_RECORD_CHARS,
      on_record: (record: string[]) => {
        table.add(++line, record);
        return null;
      },
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw refuseFile(UNREADABLE);
  }
  return table.result();
}
