import { IMPORT_MAX_BYTES, type ImportField, type ImportMapping, type ImportRead } from '@vendai/contracts';
import { readCsv } from './read-csv.ts';
import { readXlsx } from './read-xlsx.ts';
import { EMPTY, MAX_COLUMNS, refuseFile } from './spreadsheet-table.ts';

export const SPREADSHEET_TYPES = {
  csv: ['text/csv', 'application/csv', 'text/plain'],
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
} as const;

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
 * The file as a table: the first non-empty row is the header, blank rows after the last item are
 * dropped, every row as long as the header. CSV (',' or ';', UTF-8 or Windows-1252) or XLSX (first
 * sheet), each read within its limits (read-csv.ts, read-xlsx.ts; docs/product/limits.md, "Uploads").
 */
export async function readSpreadsheet(data: Buffer, mimetype: string): Promise<ImportRead> {
  if (!Buffer.isBuffer(data) || data.length === 0) throw refuseFile(EMPTY);
  if (data.length > IMPORT_MAX_BYTES) throw refuseFile('Arquivo grande demais (máx. 2 MB).');
  const isXlsx =
    (SPREADSHEET_TYPES.xlsx as readonly string[]).includes(mimetype) || data.subarray(0, 2).toString() === 'PK';
  const { headerLine, header, rows } = isXlsx ? await readXlsx(data) : await readCsv(data);
  const width = Math.min(MAX_COLUMNS, header.length);
  const headers = header.slice(0, width).map((h, i) => h.trim() || `Coluna ${i + 1}`);
  const cut = (r: string[]) => Array.from({ length: width }, (_, i) => (r[i] ?? '').trim().slice(0, 5000));
  return { headerLine, headers, rows: rows.map(cut), mapping: suggestMapping(headers) };
}
