/**
 * Uploads that inflate (docs/decisions/050-upload-and-model-call-limits.md, docs/product/limits.md
 * "Uploads"): a zip-bomb XLSX sent to the catalogue import — its declared size honest or a lie — and a
 * PDF whose content stream inflates to hundreds of MB, sent to Conhecimento and to the catalogue import,
 * are refused in Portuguese while the process's memory barely moves; a sheet with one cell a million
 * rows down is refused without walking the empty rows; normal files still read. On PGlite and PostgreSQL.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDF_TOO_BIG } from '../src/domain/media-insights/pdf-refusal.ts';
import { XLSX_TOO_BIG } from '../src/modules/catalogue/read-xlsx.ts';
import { TOO_MANY } from '../src/modules/catalogue/spreadsheet-table.ts';
import { createTestApp, type TestApp, type TestClient } from './helpers/test-app.ts';
import { textPdf } from './helpers/text-pdf.ts';
import { pdfBomb, peakRssGrowth, xlsxBomb } from './helpers/upload-bombs.ts';
import { signedIn } from './training-helpers.ts';

let t: TestApp;
let client: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  ({ client } = await signedIn(t));
});
afterAll(async () => {
  await t?.close();
});

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const post = (url: string, data: Buffer, type: string) =>
  client.request({ method: 'POST', url, payload: data, headers: { 'content-type': type } });
const importRead = (data: Buffer, type: string) => post('/api/catalogue/import/read', data, type);

async function priceList(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Itens');
  sheet.addRow(['Produto', 'Preço']);
  sheet.addRow(['Bolo de cenoura', 45.5]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('uploads that inflate', () => {
  it('reads a normal XLSX (and warms the readers up before memory is measured)', async () => {
    const res = await importRead(await priceList(), XLSX);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ headers: ['Produto', 'Preço'], rows: [['Bolo de cenoura', '45.5']] });
  });

  it('refuses an XLSX whose sheet inflates to 200 MB, by its declared size, before inflating it', async () => {
    const bomb = await xlsxBomb(200, 'honest');
    expect(bomb.length).toBeLessThan(400 * 1024);
    const { result: res, growthMb } = await peakRssGrowth(() => importRead(bomb, XLSX));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toBe(XLSX_TOO_BIG);
    expect(growthMb).toBeLessThan(50);
  });

  it('refuses an XLSX that declares 15 MB and inflates to 200 MB, while inflating it', async () => {
    const bomb = await xlsxBomb(200, 15 * 1024 * 1024);
    const { result: res, growthMb } = await peakRssGrowth(() => importRead(bomb, XLSX));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toBe(XLSX_TOO_BIG);
    expect(growthMb).toBeLessThan(50);
  });

  it('refuses a sheet with a cell a million rows down as too many lines, without walking the empty rows', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Itens');
    sheet.addRow(['Produto', 'Preço']);
    sheet.addRow(['Bolo', 10]);
    sheet.getCell('A1000000').value = 'longe';
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const { result: res, growthMb } = await peakRssGrowth(() => importRead(file, XLSX));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toBe(TOO_MANY);
    expect(growthMb).toBeLessThan(50);
  });

  it('refuses a CSV past the import’s rows at the first row too many, and reads one with many blank lines', async () => {
    const many = ['Produto;Preço', ...Array.from({ length: 1500 }, (_, i) => `Item ${i};${i},00`)].join('\n');
    const res = await importRead(Buffer.from(many), 'text/csv');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toBe(TOO_MANY);
    const blanks = `Produto;Preço\nBolo;10,00\n${';;\n'.repeat(20_000)}`;
    const ok = await importRead(Buffer.from(blanks), 'text/csv');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().rows).toEqual([['Bolo', '10,00']]);
  });

  it('refuses a PDF whose content stream inflates to 200 MB, on Conhecimento and on the catalogue import', async () => {
    const normal = await post(
      '/api/knowledge/documents/pdf',
      textPdf(['Entregamos de terça a sábado.']),
      'application/pdf',
    );
    expect(normal.statusCode, normal.body).toBe(201);
    const bomb = await pdfBomb(200);
    expect(bomb.length).toBeLessThan(400 * 1024);
    for (const url of ['/api/knowledge/documents/pdf', '/api/catalogue/import/read']) {
      const { result: res, growthMb } = await peakRssGrowth(() => post(url, bomb, 'application/pdf'));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toBe(PDF_TOO_BIG);
      expect(growthMb).toBeLessThan(50);
    }
  });
});
