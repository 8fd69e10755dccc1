import { IMPORT_MAX_ROWS } from '@vendai/contracts';
import { AppError } from '../../lib/app-error.ts';

export const UNREADABLE = 'Não foi possível ler a planilha. Envie um arquivo .csv ou .xlsx (Excel).';
export const EMPTY = 'A planilha está vazia: a primeira linha deve ter os nomes das colunas e as seguintes, os itens.';
export const TOO_MANY = `A planilha tem mais de ${IMPORT_MAX_ROWS} linhas. Divida em partes menores.`;
/** Columns read per row: the import maps at most this many. */
export const MAX_COLUMNS = 50;

export const refuseFile = (message: string) => new AppError('VALIDATION', message, { fields: { file: message } });

/**
 * A spreadsheet's rows as they arrive (line numbers from 1, increasing), kept only from the header —
 * the first filled row — to the last filled one: blank rows before the header and after the last item
 * are counted, not stored, so a file of a million empty lines costs nothing. Refuses (TOO_MANY) as soon
 * as the items would pass IMPORT_MAX_ROWS, before the rest of the file is read.
 */
export function tableBuilder() {
  let headerLine = 0;
  let header: string[] = [];
  const rows: string[][] = [];
  let lastLine = 0;
  return {
    add(line: number, cells: string[]) {
      if (!cells.some((c) => c.trim() !== '')) return;
      const row = cells.slice(0, MAX_COLUMNS);
      if (!headerLine) {
        headerLine = line;
        header = row;
      } else {
        if (line - headerLine > IMPORT_MAX_ROWS) throw refuseFile(TOO_MANY);
        for (let blank = lastLine + 1; blank < line; blank++) rows.push([]);
        rows.push(row);
      }
      lastLine = line;
    },
    result() {
      if (!headerLine || rows.length === 0) throw refuseFile(EMPTY);
      return { headerLine, header, rows };
    },
  };
}
