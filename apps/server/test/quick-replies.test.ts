/**
 * Quick replies (docs/decisions/040-inbox-search.md): the owner's saved texts behind `/atalho`, CRUD with
 * Portuguese errors, one shortcut per account, and another account's reply is a 404.
 */
import { expandQuickReply } from '@vendai/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from './helpers/number-helpers.ts';
import { createTestApp, type TestApp, type TestClient } from './helpers/test-app.ts';

let t: TestApp;
let owner: TestClient;
let other: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  owner = (await signedIn(t)).client;
  other = (await signedIn(t)).client;
});
afterAll(async () => {
  await t?.close();
});

const put = (c: TestClient, url: string, payload: Record<string, string>) => c.request({ method: 'PUT', url, payload });
const del = (c: TestClient, url: string) => c.request({ method: 'DELETE', url });

describe('quick replies', () => {
  it('creates, lists by shortcut, edits and deletes', async () => {
    const pix = await owner.post('/api/quick-replies', { shortcut: '/Pix', text: 'Oi {nome}, a chave Pix é 123.' });
    expect(pix.statusCode, pix.body).toBe(201);
    expect(pix.json()).toMatchObject({ shortcut: 'pix', text: 'Oi {nome}, a chave Pix é 123.' });
    await owner.post('/api/quick-replies', { shortcut: 'horario', text: 'Abrimos das 9h às 18h.' });
    const list = await owner.get('/api/quick-replies');
    expect(list.json().items.map((r: { shortcut: string }) => r.shortcut)).toEqual(['horario', 'pix']);

    const id = pix.json().id as string;
    const edited = await put(owner, `/api/quick-replies/${id}`, { shortcut: 'pix', text: 'Chave Pix: 123' });
    expect(edited.json().text).toBe('Chave Pix: 123');
    expect((await del(owner, `/api/quick-replies/${id}`)).statusCode).toBe(204);
    expect((await owner.get('/api/quick-replies')).json().items).toHaveLength(1);
  });

  it('one shortcut per account → 409; bad input → 400 in Portuguese', async () => {
    await owner.post('/api/quick-replies', { shortcut: 'frete', text: 'Frete grátis acima de R$ 100.' });
    const again = await owner.post('/api/quick-replies', { shortcut: 'FRETE', text: 'outro' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Você já tem uma resposta rápida com este atalho.');
    // Another account may use the same shortcut.
    expect((await other.post('/api/quick-replies', { shortcut: 'frete', text: 'x' })).statusCode).toBe(201);
    for (const body of [
      { shortcut: 'com espaço', text: 'x' },
      { shortcut: '', text: 'x' },
      { shortcut: 'ok', text: '  ' },
      {},
    ]) {
      const res = await owner.post('/api/quick-replies', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatch(/atalho|texto da resposta/);
    }
  });

  it("another account's reply is a 404; signed out is a 401", async () => {
    const mine = await owner.post('/api/quick-replies', { shortcut: 'segredo', text: 'só meu' });
    const id = mine.json().id as string;
    expect((await put(other, `/api/quick-replies/${id}`, { shortcut: 'x', text: 'y' })).statusCode).toBe(404);
    expect((await del(other, `/api/quick-replies/${id}`)).statusCode).toBe(404);
    expect((await other.get('/api/quick-replies')).json().items.map((r: { shortcut: string }) => r.shortcut)).toEqual([
      'frete',
    ]);
    expect((await t.client().get('/api/quick-replies')).statusCode).toBe(401);
  });

  it("expands {nome} with the customer's first name, or drops it", () => {
    expect(expandQuickReply('Oi {nome}, tudo bem?', 'Maria Conceição')).toBe('Oi Maria, tudo bem?');
    expect(expandQuickReply('Oi {nome}, tudo bem?', null)).toBe('Oi, tudo bem?');
    expect(expandQuickReply('Obrigado, {nome}!', '  ')).toBe('Obrigado!');
  });
});
