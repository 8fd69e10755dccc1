/**
 * Importing a price list (decision 025): CSV (';' or ',', UTF-8 or Windows-1252) and XLSX with accents,
 * comma decimals, thousands separators and empty rows; the guessed column mapping; the preview; wrong
 * columns and wrong values answered in Portuguese; apply in one transaction — nothing partially saved.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_NAME_COLUMN_REQUIRED } from '@vendai/contracts';
import { createTestApp, type TestApp, type TestClient } from './helpers/test-app.ts';
import { textPdf } from './helpers/text-pdf.ts';
import { signedIn } from './training-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const read = (client: TestClient, data: Buffer, type: string) =>
  client.request({
    method: 'POST',
    url: '/api/catalogue/import/read',
    payload: data,
    headers: { 'content-type': type },
  });

const CSV = [
  'Produto;Preço (R$);Descrição;Disponibilidade',
  'Pão de açúcar;1.234,56;Grande, com recheio;Em estoque',
  '',
  'Bolo de maçã;89,90;Caseiro;sob encomenda',
  ';;;',
  'Água com gás;R$ 5;;esgotado',
  'Serviço de entrega;sob consulta;;',
  '',
].join('\r\n');

describe('catalogue import', () => {
  it('reads a Brazilian CSV, guesses the columns, previews and applies it', async () => {
    const { client } = await signedIn(t);
    const res = await read(client, Buffer.from(`\uFEFF${CSV}`, 'utf8'), 'text/csv');
    expect(res.statusCode, res.body).toBe(200);
    const table = res.json();
    expect(table.headers).toEqual(['Produto', 'Preço (R$)', 'Descrição', 'Disponibilidade']);
    expect(table.mapping).toMatchObject({ name: 0, price: 1, description: 2, availability: 3, unit: null });
    const request = {
      table: { headerLine: table.headerLine, headers: table.headers, rows: table.rows },
      mapping: table.mapping,
    };

    const preview = await client.post('/api/catalogue/import/preview', request);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ create: 4, update: 0, unchanged: 0, errors: 0 });
    expect(
      preview
        .json()
        .rows.map((r: { line: number; name: string; priceCents: number | null }) => [r.line, r.name, r.priceCents]),
    ).toEqual([
      [2, 'Pão de açúcar', 123456],
      [4, 'Bolo de maçã', 8990],
      [6, 'Água com gás', 500],
      [7, 'Serviço de entrega', null],
    ]);
    expect((await client.get('/api/catalogue')).json().activeCount).toBe(0);

    const applied = await client.post('/api/catalogue/import/apply', request);
    expect(applied.json()).toEqual({ created: 4, updated: 0 });
    const items = (await client.get('/api/catalogue')).json().items as {
      name: string;
      availability: string;
      description: string;
    }[];
    expect(items.find((i) => i.name === 'Bolo de maçã')).toMatchObject({
      availability: 'sob_encomenda',
      description: 'Caseiro',
    });
    expect(items.find((i) => i.name === 'Água com gás')!.availability).toBe('esgotado');

    // Again with a new price: one update, the rest unchanged.
    const again = {
      ...request,
      table: {
        ...request.table,
        rows: request.table.rows.map((r: string[]) =>
          r[0] === 'Bolo de maçã' ? ['Bolo de maçã', '99,90', 'Caseiro', 'sob encomenda'] : r,
        ),
      },
    };
    expect((await client.post('/api/catalogue/import/preview', again)).json()).toMatchObject({
      create: 0,
      update: 1,
      unchanged: 3,
    });
    expect((await client.post('/api/catalogue/import/apply', again)).json()).toEqual({ created: 0, updated: 1 });
    expect((await client.get('/api/catalogue?q=maca')).json().items[0].priceCents).toBe(9990);
  });

  it('reads Windows-1252 CSV with commas, and XLSX with numbers and text prices', async () => {
    const { client } = await signedIn(t);
    const latin = Buffer.from('nome,valor\r\n"Pão francês","0,75"\r\nCafé,"3,50"\r\n', 'latin1');
    const csv = (await read(client, latin, 'text/csv')).json();
    expect(csv.rows).toEqual([
      ['Pão francês', '0,75'],
      ['Café', '3,50'],
    ]);
    expect(csv.mapping).toMatchObject({ name: 0, price: 1 });

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Preços');
    sheet.addRow(['Item', 'Preço', 'Unidade', 'Etiquetas']);
    sheet.addRow(['Açaí 500 ml', 18.9, 'copo', 'gelado, fruta']);
    sheet.addRow([]);
    sheet.addRow(['Tapioca de frango', 'R$ 1.200,00', 'unidade', '']);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = await read(client, xlsx, XLSX);
    expect(res.statusCode, res.body).toBe(200);
    const table = res.json();
    expect(table.mapping).toMatchObject({ name: 0, price: 1, unit: 2, tags: 3 });
    const request = {
      table: { headerLine: table.headerLine, headers: table.headers, rows: table.rows },
      mapping: table.mapping,
    };
    expect((await client.post('/api/catalogue/import/apply', request)).json()).toEqual({ created: 2, updated: 0 });
    const items = (await client.get('/api/catalogue')).json().items as {
      name: string;
      priceCents: number;
      tags: string[];
      unit: string;
    }[];
    expect(items.map((i) => [i.name, i.priceCents, i.unit, i.tags])).toEqual([
      ['Açaí 500 ml', 1890, 'copo', ['gelado', 'fruta']],
      ['Tapioca de frango', 120000, 'unidade', []],
    ]);
  });

  it('answers wrong files, columns and values in Portuguese and saves nothing when a line is wrong', async () => {
    const { client } = await signedIn(t);
    const notASheet = await read(client, Buffer.from('PK\u0003\u0004garbage'), XLSX);
    expect(notASheet.statusCode).toBe(400);
    expect(notASheet.json().error.message).toBe(
      'Não foi possível ler a planilha. Envie um arquivo .csv ou .xlsx (Excel).',
    );
    const headerOnly = await read(client, Buffer.from('nome;preço\r\n;;\r\n'), 'text/csv');
    expect(headerOnly.statusCode).toBe(400);
    expect(headerOnly.json().error.message).toContain('A planilha está vazia');

    // Columns nobody can guess: the name column must be chosen.
    const odd = (await read(client, Buffer.from('coluna a;coluna b\r\nBolo;10\r\n'), 'text/csv')).json();
    expect(odd.mapping.name).toBeNull();
    const noName = await client.post('/api/catalogue/import/preview', {
      table: { headerLine: 1, headers: odd.headers, rows: odd.rows },
      mapping: odd.mapping,
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.message).toBe(IMPORT_NAME_COLUMN_REQUIRED);

    const table = {
      headerLine: 1,
      headers: ['Nome', 'Preço', 'Disponibilidade'],
      rows: [
        ['Bolo', '80,00', ''],
        ['Torta', 'oitenta', ''],
        ['', '10', ''],
        ['Pudim', '12', 'talvez'],
      ],
    };
    const mapping = { name: 0, price: 1, availability: 2, description: null, unit: null, tags: null, kind: null };
    const preview = (await client.post('/api/catalogue/import/preview', { table, mapping })).json();
    expect(preview).toMatchObject({ create: 1, errors: 3 });
    expect(
      preview.rows.filter((r: { error: string | null }) => r.error).map((r: { error: string }) => r.error),
    ).toEqual([
      'Linha 3: o preço “oitenta” não é um valor válido (ex.: 89,90 ou R$ 1.234,56).',
      'Linha 4: falta o nome do item.',
      'Linha 5: disponibilidade “talvez” desconhecida (use em estoque, esgotado ou sob encomenda).',
    ]);
    const applied = await client.post('/api/catalogue/import/apply', { table, mapping });
    expect(applied.statusCode).toBe(400);
    expect(applied.json().error.message).toBe(
      'Linha 3: o preço “oitenta” não é um valor válido (ex.: 89,90 ou R$ 1.234,56). (e mais 2 linhas com erro) Nada foi importado.',
    );
    expect((await client.get('/api/catalogue')).json().activeCount).toBe(0);
    const outOfRange = await client.post('/api/catalogue/import/preview', { table, mapping: { ...mapping, unit: 9 } });
    expect(outOfRange.statusCode).toBe(400);
  });

  it('reads a PDF price list with the AI into proposed rows the owner reviews; a photo needs vision', async () => {
    const { client } = await signedIn(t);
    const pdf = textPdf(['Bolo de chocolate ........ R$ 80,00', 'Torta de limao 45,90', 'Entregamos em BH']);
    const res = await read(client, pdf, 'application/pdf');
    expect(res.statusCode, res.body).toBe(200);
    const table = res.json();
    expect(table.rows).toEqual([
      ['Bolo de chocolate', '80,00', '', ''],
      ['Torta de limao', '45,90', '', ''],
    ]);
    expect((await client.get('/api/catalogue')).json().activeCount).toBe(0);
    const request = { table: { headerLine: 1, headers: table.headers, rows: table.rows }, mapping: table.mapping };
    expect((await client.post('/api/catalogue/import/preview', request)).json()).toMatchObject({
      create: 2,
      errors: 0,
    });
    expect((await client.post('/api/catalogue/import/apply', request)).json()).toEqual({ created: 2, updated: 0 });

    const photo = await read(client, Buffer.from('89504e470d0a1a0a', 'hex'), 'image/png');
    expect(photo.statusCode).toBe(503);
    expect(photo.json().error.message).toContain('A leitura de fotos não está configurada');
  });
});
