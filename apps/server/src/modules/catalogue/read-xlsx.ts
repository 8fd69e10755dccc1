import type ExcelJS from 'exceljs';
import { checkZipBounds, ZipLimitError, type ZipLimits } from '../../lib/zip-bounds.ts';
import { MAX_COLUMNS, refuseFile, tableBuilder, UNREADABLE } from './spreadsheet-table.ts';

/**
 * What an XLSX may hold before exceljs reads it (docs/product/limits.md, "Uploads"): exceljs inflates
 * and parses the whole workbook into objects (about 50 times the inflated XML in memory), so the zip is
 * checked first (lib/zip-bounds.ts). A price list of 1,000 items × 50 columns is far inside them.
 */
export const XLSX_LIMITS: ZipLimits = {
  maxEntries: 500,
  maxInflatedBytes: 16 * 1024 * 1024,
  maxXmlElements: 300_000,
  maxRows: 5_000,
  rowsIn: /^xl\/worksheets\/[^/]+\.xml$/i,
};

export const XLSX_TOO_BIG =
  'Esta planilha é grande demais para importar (descompactada, passa de 16 MB ou de 5.000 linhas). ' +
  'Envie só a aba com os itens, em um arquivo .xlsx ou .csv menor.';

/** A cell's text whatever exceljs gives (number, date, rich text, formula result, hyperlink). */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return value.trim();
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value)
    return value.richText
      .map((t) => t.text)
      .join('')
      .trim();
  if ('result' in value) return cellText((value.result ?? null) as ExcelJS.CellValue);
  if ('text' in value) return String(value.text).trim();
  return '';
}

/**
 * The first sheet's table. The zip is bounded first (a bomb is refused before anything is inflated into
 * memory); rows are then read as exceljs stores them (only rows with cells, never the empty ones a far
 * cell would create) and cut at MAX_COLUMNS.
 */
export async function readXlsx(data: Buffer) {
  try {
    await checkZipBounds(data, XLSX_LIMITS);
  } catch (err) {
    if (err instanceof ZipLimitError && err.reason !== 'not-zip' && err.reason !== 'method')
      throw refuseFile(XLSX_TOO_BIG);
    throw refuseFile(UNREADABLE);
  }
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw refuseFile(UNREADABLE);
  }
  const table = tableBuilder();
  const sheet = workbook.worksheets[0];
  sheet?.eachRow((row, line) => {
    const cells: string[] = [];
    row.eachCell((cell, column) => {
      if (column <= MAX_COLUMNS) cells[column - 1] = cellText(cell.value);
    });
    table.add(
      line,
      Array.from(cells, (c) => c ?? ''),
    );
  });
  return table.result();
}
