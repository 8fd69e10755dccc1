/**
 * Documents of the knowledge base (docs/decisions/025-catalogue-and-price-guard.md, section Conhecimento):
 * pasted text, a page's text and a PDF become passages of about 500–800 characters, found by the
 * Portuguese search (accents, plural, typos) and the title; list, rename, read back and edit, delete; another account's
 * document is a 404; a scanned PDF and a file that is no PDF are refused in Portuguese. On PGlite and
 * PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DOCUMENT_NOT_FOUND,
  DOCUMENT_TEXT_REQUIRED,
  DOCUMENT_TITLE_REQUIRED,
  KNOWLEDGE_DOCUMENT_LIMITS,
} from '@vendai/contracts';
import { searchPassages } from '../src/domain/facts/passage-search-repository.ts';
import { PDF_NO_TEXT, PDF_NOT_PDF } from '../src/modules/knowledge/read-document-pdf.ts';
import { DOCUMENT_LIMIT_REACHED } from '../src/modules/knowledge/add-document.ts';
import { createTestApp, type TestApp, type TestClient } from './helpers/test-app.ts';
import { textPdf } from './helpers/text-pdf.ts';
import { del, patch, signedIn } from './training-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A long manual: three paragraphs (warranty, delivery, care), about 1,300 characters. */
const MANUAL = [
  'Garantia das cerâmicas. Todas as peças de cerâmica têm garantia de 90 dias contra defeitos de fabricação. ' +
    'A garantia não cobre quedas, choques térmicos nem uso no micro-ondas quando a peça tem detalhes dourados. ' +
    'Para acionar a garantia, envie fotos da peça e o número do pedido pelo WhatsApp. ' +
    'Analisamos cada caso em até cinco dias úteis e respondemos pelo mesmo canal. ' +
    'Peças de coleções antigas podem ser trocadas por outras de valor parecido quando não houver reposição.',
  'Entregas e retiradas. Entregamos em Belo Horizonte e Contagem de terça a sábado. ' +
    'A taxa de entrega é R$ 18,00 para pedidos abaixo de R$ 200,00; acima disso a entrega é grátis. ' +
    'Também é possível retirar no ateliê, com hora marcada, de segunda a sexta. ' +
    'As peças seguem embaladas em plástico bolha e caixa reforçada, e o motoboy avisa quando estiver a caminho. ' +
    'Pedidos feitos até as 14h saem no mesmo dia quando a peça está pronta.',
  'Cuidados com as peças. Lave à mão com detergente neutro e esponja macia. Não use palha de aço. ' +
    'Seque bem antes de guardar e evite empilhar pratos sem um pano entre eles. ' +
    'Peças com esmalte reativo podem ter pequenas variações de cor, o que faz parte do processo artesanal. ' +
    'Não leve ao forno peças decorativas nem vasos; as travessas aguentam até 200 graus quando aquecidas aos poucos.',
].join('\n\n');

async function addText(client: TestClient, title: string, text: string, kind: 'text' | 'page' = 'text') {
  const res = await client.post('/api/knowledge/documents', { title, text, kind });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; title: string; kind: string; passages: number; chars: number };
}

const uploadPdf = (client: TestClient, data: Buffer, title?: string) =>
  client.request({
    method: 'POST',
    url: `/api/knowledge/documents/pdf${title ? `?title=${encodeURIComponent(title)}` : ''}`,
    payload: data,
    headers: { 'content-type': 'application/pdf' },
  });

async function found(userId: string, ...words: string[]) {
  return searchPassages(t.database.db, userId, words, { limit: 5 });
}

describe('knowledge: documents', () => {
  it('splits pasted text into passages found by words without accents, plurals, typos and the title', async () => {
    const { client, userId } = await signedIn(t);
    const doc = await addText(client, 'Manual do cliente', MANUAL);
    expect(doc).toMatchObject({ title: 'Manual do cliente', kind: 'text' });
    expect(doc.passages).toBe(2);

    const detail = (await client.get(`/api/knowledge/documents/${doc.id}`)).json();
    expect(detail.passages).toHaveLength(doc.passages);
    for (const p of detail.passages.slice(0, -1)) expect(p.text.length).toBeLessThanOrEqual(1000);
    expect(detail.passages[0].text.startsWith('Garantia das cerâmicas.')).toBe(true);

    const first = async (...words: string[]) => (await found(userId, ...words))[0]?.text ?? '';
    expect(await first('ceramica')).toContain('Garantia das cerâmicas');
    expect(await first('garantias')).toContain('garantia de 90 dias');
    expect(await first('retirada')).toContain('retirar no ateliê');
    expect(await first('detergentes')).toContain('detergente neutro');
    expect(await first('detergente', 'neutro')).toContain('Lave à mão');
    expect(await first('microondas')).toContain('micro-ondas');
    expect(await first('ceramicca')).toContain('cerâmica');
    // The title is searched too: every passage of the manual matches its title's word.
    expect(await found(userId, 'manual')).toHaveLength(Math.min(doc.passages, 5));
    expect(await found(userId, 'bicicleta')).toEqual([]);
    const hit = (await found(userId, 'garantia'))[0]!;
    // No embeddings model configured: no vector is made.
    expect(hit).toMatchObject({ documentId: doc.id, title: 'Manual do cliente', embedding: null });
  });

  it('lists, renames and deletes; another account’s document is not found; Portuguese errors', async () => {
    const { client, userId } = await signedIn(t);
    const page = await addText(client, 'Página Sobre nós', 'Somos um ateliê de cerâmica fundado em 2015.', 'page');
    expect(page).toMatchObject({ kind: 'page', passages: 1 });
    const list = (await client.get('/api/knowledge/documents')).json();
    expect(list.limit).toBe(KNOWLEDGE_DOCUMENT_LIMITS.perAccount);
    expect(list.items).toEqual([expect.objectContaining({ id: page.id, title: 'Página Sobre nós', passages: 1 })]);

    const renamed = await patch(client, `/api/knowledge/documents/${page.id}`, { title: 'Nossa história' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ title: 'Nossa história', passages: 1 });
    expect((await found(userId, 'historia'))[0]?.title).toBe('Nossa história');
    expect(await found(userId, 'pagina')).toEqual([]);

    const bad = await client.post('/api/knowledge/documents', { title: ' ', text: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(DOCUMENT_TITLE_REQUIRED);

    const other = await signedIn(t);
    expect((await other.client.get(`/api/knowledge/documents/${page.id}`)).statusCode).toBe(404);
    const theirs = await patch(other.client, `/api/knowledge/documents/${page.id}`, { title: 'Meu' });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.message).toBe(DOCUMENT_NOT_FOUND);
    expect((await del(other.client, `/api/knowledge/documents/${page.id}`)).statusCode).toBe(404);
    expect((await other.client.get('/api/knowledge/documents')).json().items).toEqual([]);
    expect(await found(other.userId, 'ceramica')).toEqual([]);
    expect((await del(client, '/api/knowledge/documents/nao-e-um-id')).statusCode).toBe(404);

    expect((await del(client, `/api/knowledge/documents/${page.id}`)).statusCode).toBe(204);
    expect((await client.get('/api/knowledge/documents')).json().items).toEqual([]);
    expect(await found(userId, 'ceramica')).toEqual([]);
  });

  it('reads a pasted text back and edits it: the passages are cut again and the search reads the new text', async () => {
    const { client, userId } = await signedIn(t);
    const doc = await addText(client, 'Manual do cliente', MANUAL);
    const read = (await client.get(`/api/knowledge/documents/${doc.id}`)).json();
    // The text read back is the passages with a blank line between them: every paragraph is there.
    expect(read.text).toBe(read.passages.map((p: { text: string }) => p.text).join('\n\n'));
    for (const start of ['Garantia das cerâmicas.', 'Entregas e retiradas.', 'Cuidados com as peças.'])
      expect(read.text).toContain(start);

    const newText = read.text.replace('Entregamos em Belo Horizonte e Contagem', 'Entregamos em Betim e Nova Lima');
    const put = (url: string, payload: Record<string, string>, c = client) =>
      c.request({ method: 'PUT', url, payload });
    const edited = await put(`/api/knowledge/documents/${doc.id}`, { title: 'Manual da loja', text: newText });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ id: doc.id, title: 'Manual da loja', kind: 'text', passages: 2 });
    expect((await client.get(`/api/knowledge/documents/${doc.id}`)).json().text).toContain('Betim e Nova Lima');
    expect((await found(userId, 'betim'))[0]).toMatchObject({ documentId: doc.id, title: 'Manual da loja' });
    expect(await found(userId, 'contagem')).toEqual([]);
    expect((await client.get('/api/knowledge/documents')).json().items).toHaveLength(1);

    const empty = await put(`/api/knowledge/documents/${doc.id}`, { title: 'Manual', text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(DOCUMENT_TEXT_REQUIRED);
    const other = await signedIn(t);
    const theirs = await put(
      `/api/knowledge/documents/${doc.id}`,
      { title: 'Meu', text: 'Outro texto.' },
      other.client,
    );
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.message).toBe(DOCUMENT_NOT_FOUND);
    expect((await client.get(`/api/knowledge/documents/${doc.id}`)).json().document.title).toBe('Manual da loja');
  });

  it('reads a PDF’s text; a scanned PDF or a file that is no PDF is refused in Portuguese', async () => {
    const { client, userId } = await signedIn(t);
    const pdf = textPdf([
      'Politica de trocas da loja.',
      'Trocas em ate 7 dias com a nota fiscal.',
      'Pecas com defeito sao trocadas sem custo.',
    ]);
    const res = await uploadPdf(client, pdf, 'Política de trocas');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ title: 'Política de trocas', kind: 'pdf', passages: 1 });
    expect((await found(userId, 'troca'))[0]?.text).toContain('Trocas em ate 7 dias com a nota fiscal.');

    const scanned = await uploadPdf(client, textPdf([]), 'Digitalizado');
    expect(scanned.statusCode).toBe(400);
    expect(scanned.json().error.message).toBe(PDF_NO_TEXT);
    const notPdf = await uploadPdf(client, Buffer.from('isto não é um pdf'), 'Falso');
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json().error.message).toBe(PDF_NOT_PDF);
    expect((await client.get('/api/knowledge/documents')).json().items).toHaveLength(1);
  });

  it('refuses a document past the account’s limit', async () => {
    const { client } = await signedIn(t);
    await Promise.all(
      Array.from({ length: KNOWLEDGE_DOCUMENT_LIMITS.perAccount }, (_, i) =>
        addText(client, `Nota ${i + 1}`, `Texto curto número ${i + 1}.`),
      ),
    );
    const over = await client.post('/api/knowledge/documents', { title: 'Mais uma', text: 'Texto.' });
    expect(over.statusCode).toBe(403);
    expect(over.json().error.message).toBe(DOCUMENT_LIMIT_REACHED);
  });
});
