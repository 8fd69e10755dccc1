/**
 * /api/catalogue (docs/decisions/025-catalogue-and-price-guard.md): the owner's products and services —
 * create, edit, duplicate, archive, photo, search in Portuguese (plural/singular, accents, typos) —
 * always the signed-in user's own rows; the price guard's per-agent rules.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATALOGUE_ITEM_NOT_FOUND,
  CATALOGUE_NAME_REQUIRED,
  CATALOGUE_PHOTO_INVALID,
  CATALOGUE_PRICE_INVALID,
  PRICE_FALLBACK_DEFAULT,
} from '@vendai/contracts';
import { createTestApp, type TestApp, type TestClient } from './helpers/test-app.ts';
import { createAgent, signedIn } from './training-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const put = (client: TestClient, url: string, payload: unknown, headers: Record<string, string> = {}) =>
  client.request({ method: 'PUT', url, payload: payload as object, headers });

async function add(client: TestClient, item: Record<string, unknown>) {
  const res = await client.post('/api/catalogue', item);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; name: string };
}

const names = async (client: TestClient, q: string) => {
  const res = await client.get(`/api/catalogue?q=${encodeURIComponent(q)}`);
  if (res.statusCode !== 200) throw new Error(res.body);
  return (res.json().items as { name: string }[]).map((i) => i.name);
};
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

describe('catalogue', () => {
  it('adds, edits, duplicates, archives and brings back an item; lists with counts', async () => {
    const { client } = await signedIn(t);
    const empty = await client.get('/api/catalogue');
    expect(empty.json()).toEqual({ items: [], activeCount: 0, archivedCount: 0 });

    const created = await add(client, {
      name: 'Camiseta básica',
      description: 'Algodão orgânico, corte reto.',
      priceCents: 4990,
      unit: 'unidade',
      options: [
        { name: 'P', priceCents: null },
        { name: 'GG', priceCents: 5990 },
      ],
      tags: ['roupa'],
    });
    expect(created).toMatchObject({
      kind: 'produto',
      priceCents: 4990,
      availability: 'em_estoque',
      archived: false,
      photoUrl: null,
      allowsDiscount: false,
    });
    const edited = await put(client, `/api/catalogue/${created.id}`, {
      name: 'Camiseta básica',
      priceCents: 5490,
      availability: 'esgotado',
      options: [{ name: 'GG', priceCents: 6490 }],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ priceCents: 5490, availability: 'esgotado', description: '' });

    const copy = await client.post(`/api/catalogue/${created.id}/duplicate`);
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({ name: 'Camiseta básica (cópia)', priceCents: 5490 });
    expect(copy.json().id).not.toBe(created.id);

    const archived = await client.post(`/api/catalogue/${copy.json().id}/archive`, { archived: true });
    expect(archived.json().archived).toBe(true);
    const list = (await client.get('/api/catalogue')).json();
    expect(list.items.map((i: { name: string }) => i.name)).toEqual(['Camiseta básica']);
    expect(list).toMatchObject({ activeCount: 1, archivedCount: 1 });
    expect((await client.get('/api/catalogue?archived=true')).json().items).toHaveLength(1);
    await client.post(`/api/catalogue/${copy.json().id}/archive`, { archived: false });
    expect((await client.get('/api/catalogue')).json().activeCount).toBe(2);

    // A service 'sob consulta' (no price).
    const service = await add(client, { kind: 'servico', name: 'Ajuste de barra', priceCents: null });
    expect(service).toMatchObject({ kind: 'servico', priceCents: null });
  });

  it('answers bad input in Portuguese and another account’s item as not found', async () => {
    const { client } = await signedIn(t);
    const noName = await client.post('/api/catalogue', { name: '  ', priceCents: 100 });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.fields.name).toBe(CATALOGUE_NAME_REQUIRED);
    const badPrice = await client.post('/api/catalogue', { name: 'Bolo', priceCents: 12.5 });
    expect(badPrice.statusCode).toBe(400);
    expect(badPrice.json().error.fields.priceCents).toBe(CATALOGUE_PRICE_INVALID);
    const mine = await add(client, { name: 'Bolo de cenoura', priceCents: 4500 });

    const other = (await signedIn(t)).client;
    for (const res of [
      await put(other, `/api/catalogue/${mine.id}`, { name: 'Meu', priceCents: 1 }),
      await other.post(`/api/catalogue/${mine.id}/duplicate`),
      await other.post(`/api/catalogue/${mine.id}/archive`, { archived: true }),
      await put(other, `/api/catalogue/${mine.id}/photo`, PNG, { 'content-type': 'image/png' }),
      await other.post('/api/catalogue/nao-e-um-id/duplicate'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(CATALOGUE_ITEM_NOT_FOUND);
    }
    expect((await other.get('/api/catalogue')).json().items).toEqual([]);
    expect(await names(other, 'bolo')).toEqual([]);
  });

  it('stores a photo through the storage port, served to the owner only; refuses what is not an image', async () => {
    const { client } = await signedIn(t);
    const item = await add(client, { name: 'Vaso de cerâmica', priceCents: 8900 });
    const fake = await put(client, `/api/catalogue/${item.id}/photo`, Buffer.from('not a png'), {
      'content-type': 'image/png',
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().error.message).toBe(CATALOGUE_PHOTO_INVALID);
    const res = await put(client, `/api/catalogue/${item.id}/photo`, PNG, { 'content-type': 'image/png' });
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().photoUrl as string;
    expect(url).toMatch(/^\/api\/media\//);
    const served = await client.get(url);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect((await (await signedIn(t)).client.get(url)).statusCode).toBe(404);
  });

  it('the demo AI sends a product’s photo when asked: the playground lists it, an item without photo sends none', async () => {
    const { client } = await signedIn(t);
    const agentId = await createAgent(client);
    const shirt = await add(client, { name: 'Camiseta básica', priceCents: 4990 });
    await add(client, { name: 'Boné', priceCents: 3000 });
    const photo = await put(client, `/api/catalogue/${shirt.id}/photo`, PNG, { 'content-type': 'image/png' });
    const ask = async (text: string) =>
      (await client.post('/api/playground/reply', { agent_id: agentId, messages: [{ role: 'user', text }] })).json();
    const answer = await ask('tem foto da camiseta?');
    expect(answer.parts.join(' ')).toContain('Camiseta básica');
    expect(answer.photos).toEqual([{ itemId: shirt.id, caption: 'Camiseta básica', url: photo.json().photoUrl }]);
    expect((await ask('tem foto do boné?')).photos).toEqual([]);
  });

  it('searches in Portuguese: plural and singular (irregular too), with or without accents, with typos in names', async () => {
    const { client } = await signedIn(t);
    await add(client, { name: 'Camiseta básica', description: 'Algodão orgânico', priceCents: 4990 });
    await add(client, { name: 'Pão de queijo', description: 'Congelado, pacote com 20', priceCents: 2500 });
    await add(client, { name: 'Vaso de cerâmica', priceCents: 8900 });
    await add(client, { name: 'Bolo de chocolate', tags: ['festa', 'aniversário'], priceCents: 8000 });
    await add(client, {
      name: 'Calça jeans',
      options: [{ name: 'Lavagem escura', priceCents: 15900 }],
      priceCents: 14900,
    });
    expect(await names(client, 'camisetas')).toEqual(['Camiseta básica']);
    expect(await names(client, 'algodao')).toEqual(['Camiseta básica']);
    expect(await names(client, 'pao')).toEqual(['Pão de queijo']);
    expect(await names(client, 'PÃO')).toEqual(['Pão de queijo']);
    // Irregular plurals have another stem ('pães' → paes, 'pão' → pao): found all the same.
    expect(await names(client, 'pães')).toEqual(['Pão de queijo']);
    expect(await names(client, 'paes de queijo')).toEqual(['Pão de queijo']);
    expect(await names(client, 'ceramicas')).toEqual(['Vaso de cerâmica']);
    expect(await names(client, 'bolos')).toEqual(['Bolo de chocolate']);
    expect(await names(client, 'aniversario')).toEqual(['Bolo de chocolate']);
    expect(await names(client, 'camizeta')).toEqual(['Camiseta básica']);
    expect(await names(client, 'chocolatte')).toEqual(['Bolo de chocolate']);
    expect(await names(client, 'calca escura')).toEqual(['Calça jeans']);
    expect(await names(client, 'sapato')).toEqual([]);
  });

  it('keeps the price guard rules per agent: defaults, save, another account’s agent → 404', async () => {
    const { client } = await signedIn(t);
    const agentId = await createAgent(client);
    const url = `/api/catalogue/agents/${agentId}/price-guard`;
    expect((await client.get(url)).json()).toEqual({ fallbackText: PRICE_FALLBACK_DEFAULT, allowsDiscounts: false });
    const saved = await put(client, url, { fallbackText: 'Deixa eu confirmar com a equipe!', allowsDiscounts: true });
    expect(saved.statusCode).toBe(200);
    expect((await client.get(url)).json()).toEqual({
      fallbackText: 'Deixa eu confirmar com a equipe!',
      allowsDiscounts: true,
    });
    const empty = await put(client, url, { fallbackText: ' ', allowsDiscounts: true });
    expect(empty.statusCode).toBe(400);
    const other = (await signedIn(t)).client;
    expect((await other.get(url)).statusCode).toBe(404);
    expect((await put(other, url, { fallbackText: 'x', allowsDiscounts: true })).statusCode).toBe(404);
  });
});
