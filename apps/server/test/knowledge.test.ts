/**
 * /api/knowledge (docs/decisions/025-catalogue-and-price-guard.md, section Conhecimento): the owner's
 * FAQ — add, edit, delete, always the signed-in user's own rows — and the Portuguese search the reply
 * path retrieves passages with (plural and singular, accents, typos), on PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAQ_NOT_FOUND, FAQ_QUESTION_REQUIRED } from '@vendai/contracts';
import { createTestApp, type TestApp, type TestClient } from './helpers/test-app.ts';
import { del, signedIn } from './training-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const put = (client: TestClient, url: string, payload: unknown) =>
  client.request({ method: 'PUT', url, payload: payload as object });

async function add(client: TestClient, question: string, answer: string) {
  const res = await client.post('/api/knowledge/faqs', { question, answer });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; question: string; answer: string; status: string };
}

const found = async (client: TestClient, q: string) => {
  const res = await client.get(`/api/knowledge/faqs?q=${encodeURIComponent(q)}`);
  if (res.statusCode !== 200) throw new Error(res.body);
  return (res.json().items as { question: string }[]).map((i) => i.question);
};

describe('knowledge: FAQ', () => {
  it('adds, edits and deletes an entry; another account’s entry is not found; bad input in Portuguese', async () => {
    const { client } = await signedIn(t);
    const faq = await add(client, '  Vocês entregam?  ', 'Entregamos em toda a cidade.');
    expect(faq).toMatchObject({ question: 'Vocês entregam?', status: 'active' });

    const edited = await put(client, `/api/knowledge/faqs/${faq.id}`, {
      question: 'Vocês entregam?',
      answer: 'Entregamos em toda a cidade, taxa de R$ 10.',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().answer).toBe('Entregamos em toda a cidade, taxa de R$ 10.');
    const list = (await client.get('/api/knowledge/faqs')).json();
    expect(list.items.map((i: { id: string }) => i.id)).toEqual([faq.id]);
    expect(list.proposed).toEqual([]);

    const bad = await client.post('/api/knowledge/faqs', { question: ' ', answer: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(FAQ_QUESTION_REQUIRED);

    const other = await signedIn(t);
    const theirs = await put(other.client, `/api/knowledge/faqs/${faq.id}`, { question: 'a', answer: 'b' });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.message).toBe(FAQ_NOT_FOUND);
    expect((await del(other.client, `/api/knowledge/faqs/${faq.id}`)).statusCode).toBe(404);
    expect((await other.client.get('/api/knowledge/faqs')).json().items).toEqual([]);
    expect((await del(client, '/api/knowledge/faqs/nao-e-um-id')).statusCode).toBe(404);

    expect((await del(client, `/api/knowledge/faqs/${faq.id}`)).statusCode).toBe(204);
    expect((await client.get('/api/knowledge/faqs')).json().items).toEqual([]);
  });

  it('searches in Portuguese: plural and singular, with or without accents, with typos', async () => {
    const { client } = await signedIn(t);
    await add(client, 'Vocês fazem entregas?', 'Sim, entregamos de segunda a sábado.');
    await add(client, 'Qual o horário de funcionamento?', 'Abrimos das 9h às 18h.');
    await add(client, 'Aceitam cartão de crédito?', 'Aceitamos cartões e Pix.');
    expect(await found(client, 'entrega')).toEqual(['Vocês fazem entregas?']);
    expect(await found(client, 'horario')).toEqual(['Qual o horário de funcionamento?']);
    expect(await found(client, 'cartoes')).toEqual(['Aceitam cartão de crédito?']);
    expect(await found(client, 'funsionamento')).toEqual(['Qual o horário de funcionamento?']);
    expect(await found(client, 'sábados')).toEqual(['Vocês fazem entregas?']);
    expect(await found(client, 'bicicleta')).toEqual([]);
  });
});
