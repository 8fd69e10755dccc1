import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  type ImportField,
  type ImportMapping,
  type ImportRead,
} from '@vendai/contracts';
import type ExcelJS from 'exceljs';
import { AppError } from '../../lib/app-error.ts';

export const SPREADSHEET_TYPES = {
  csv: ['text/csv', 'application/csv', 'text/plain'],
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
} as const;

const UNREADABLE = 'Não foi possível ler a planilha. Envie um arquivo .csv ou .xlsx (Excel).';
const EMPTY = 'A planilha está vazia: a primeira linha deve ter os nomes das colunas e as seguintes, os itens.';
const TOO_MANY = `A planilha tem mais de ${IMPORT_MAX_ROWS} linhas. Divida em partes menores.`;

const bad = (message: string) => new AppError('VALIDATION', message, { fields: { file: message } });

/** UTF-8, else Windows-1252 (Excel's Brazilian CSV export): accents survive either way. */
function decodeText(data: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('windows-1252').decode(data);
  }
}

/** csv-parse and exceljs are loaded on the first import, not at start (docs/performance.md). */
async function readCsv(data: Buffer): Promise<string[][]> {
  const { parse } = await import('csv-parse/sync');
  const text = decodeText(data);
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  // Brazilian spreadsheets export with ';' (the comma is the decimal separator).
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) >= (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  try {
    return parse(text, { delimiter, relax_column_count: true, skip_empty_lines: false, trim: true }) as string[][];
  } catch {
    throw bad(UNREADABLE);
  }
}

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

async function readXlsx(data: Buffer): Promise<string[][]> {
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw bad(UNREADABLE);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw bad(EMPTY);
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    rows.push(values.map((v) => cellText(v as ExcelJS.CellValue)));
  });
  return rows;
}

const plain = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .trim();

const HEADER_WORDS: Record<ImportField, RegExp> = {
  name: /^(nome|produto|produtos|item|itens|servico|servicos|nome do produto|titulo|name|product)$/,
  price: /^(preco|precos|valor|valores|preco \(r\$\)|preco r\$|valor \(r\$\)|r\$|price|preco unitario|valor unitario)$/,
  description: /^(descricao|detalhes|description|obs|observacao|observacoes)$/,
  unit: /^(unidade|un|und|unit|medida)$/,
  availability: /^(disponibilidade|estoque|status|situacao|availability)$/,
  tags: /^(etiquetas|etiqueta|tags|categoria|categorias)$/,
  kind: /^(tipo|kind)$/,
};

/** Columns guessed from the header names ('Produto' → name, 'Preço (R$)' → price…). */
export function suggestMapping(headers: readonly string[]): ImportMapping {
  const mapping = {
    name: null,
    price: null,
    description: null,
    unit: null,
    availability: null,
    tags: null,
    kind: null,
  } as ImportMapping;
  headers.forEach((h, i) => {
    const field = (Object.keys(HEADER_WORDS) as ImportField[]).find((f) => HEADER_WORDS[f].test(plain(h)));
    if (field && mapping[field] === null) mapping[field] = i;
  });
  return mapping;
}

/**
 * The file as a table: the first non-empty row is the header, empty rows are dropped, every row as
 * long as the header. CSV (',' or ';', UTF-8 or Windows-1252) or XLSX (first sheet).
 */
export async function readSpreadsheet(data: Buffer, mimetype: string): Promise<ImportRead> {
  if (!Buffer.isBuffer(data) || data.length === 0) throw bad(EMPTY);
  if (data.length > IMPORT_MAX_BYTES) throw bad('Arquivo grande demais (máx. 2 MB).');
  const isXlsx =
    (SPREADSHEET_TYPES.xlsx as readonly string[]).includes(mimetype) || data.subarray(0, 2).toString() === 'PK';
  const raw = isXlsx ? await readXlsx(data) : await readCsv(data);
  const isFilled = (r: string[]) => r.some((c) => c.trim() !== '');
  const headerIndex = raw.findIndex(isFilled);
  let last = raw.length - 1;
  while (last > headerIndex && !isFilled(raw[last]!)) last--;
  if (headerIndex < 0 || last <= headerIndex) throw bad(EMPTY);
  const header = raw[headerIndex];
  const rows = raw.slice(headerIndex + 1, last + 1);
  if (rows.length > IMPORT_MAX_ROWS) throw bad(TOO_MANY);
  const width = Math.min(50, header!.length);
  const headers = header!.slice(0, width).map((h, i) => h.trim() || `Coluna ${i + 1}`);
  const cut = (r: string[]) => Array.from({ length: width }, (_, i) => (r[i] ?? '').trim().slice(0, 5000));
  return { headerLine: headerIndex + 1, headers, rows: rows.map(cut), mapping: suggestMapping(headers) };
}
