import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from './helpers/test-app.ts';
import { createAgent, patch, signedIn as signInNew } from './training-helpers.ts';

/**
 * The prompt coach's catalogue change over HTTP with the offline demo AI (docs/decisions/014-prompt-workshop.md):
 * the coach sees the account's catalogue, proposes a change of an existing item instead of a prompt change,
 * and 'Aplicar' goes through the catalogue API (PATCH /api/catalogue/:id): the price changes, the prompt does not.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const item = async (client: TestClient, name: string, priceCents: number) => {
  const res = await client.post('/api/catalogue', { name, priceCents, description: 'Algodão.' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
};

describe('prompt coach: a catalogue change', () => {
  it("'a camiseta básica agora custa R$ 59,90' → a change of that item; applied via the catalogue endpoint, the prompt untouched", async () => {
    const { client } = await signInNew(t);
    const agentId = await createAgent(client);
    const prompt = (await client.get(`/api/agents/${agentId}`)).json().system_prompt as string;
    const shirt = await item(client, 'Camiseta básica', 4990);
    await item(client, 'Bolo de chocolate', 8000);

    const res = await client.post(`/api/agents/${agentId}/prompt-coach`, {
      instruction: 'a camiseta básica agora custa R$ 59,90',
      history: [],
    });
    expect(res.statusCode, res.body).toBe(200);
    const suggestion = res.json();
    expect(suggestion).toMatchObject({
      mode: 'catalogue',
      updated_prompt: null,
      partial: false,
      catalogue: {
        itemId: shirt.id,
        name: 'Camiseta básica',
        before: { priceCents: 4990, availability: 'em_estoque', description: 'Algodão.' },
        after: { priceCents: 5990 },
      },
    });

    // 'Aplicar' in the coach: the web sends the change to the catalogue's PATCH endpoint.
    const applied = await patch(client, `/api/catalogue/${shirt.id}`, suggestion.catalogue.after);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ name: 'Camiseta básica', priceCents: 5990, description: 'Algodão.' });
    const list = (await client.get('/api/catalogue')).json();
    expect(list.items.find((i: { id: string }) => i.id === shirt.id)).toMatchObject({
      priceCents: 5990,
      availability: 'em_estoque',
    });
    // The prompt did not change, and no prompt version was written.
    expect((await client.get(`/api/agents/${agentId}`)).json().system_prompt).toBe(prompt);
    expect((await client.get(`/api/agents/${agentId}/prompt-versions`)).json()).toHaveLength(1);

    // 'acabou' → availability esgotado; the same price is not proposed again.
    const soldOut = await client.post(`/api/agents/${agentId}/prompt-coach`, {
      instruction: 'o bolo de chocolate acabou',
      history: [],
    });
    expect(soldOut.json().catalogue).toMatchObject({ name: 'Bolo de chocolate', after: { availability: 'esgotado' } });
  });

  it("the coach sees only the account's own items; PATCH of another account's item is 404 and an empty patch is 400", async () => {
    const owner = await signInNew(t);
    const theirs = await item(owner.client, 'Camiseta básica', 4990);
    const { client } = await signInNew(t);
    const agentId = await createAgent(client);
    const res = await client.post(`/api/agents/${agentId}/prompt-coach`, {
      instruction: 'a camiseta básica agora custa R$ 59,90',
      history: [],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().mode).not.toBe('catalogue');
    expect((await patch(client, `/api/catalogue/${theirs.id}`, { priceCents: 1 })).statusCode).toBe(404);
    expect((await patch(owner.client, `/api/catalogue/${theirs.id}`, {})).statusCode).toBe(400);
    const list = (await owner.client.get('/api/catalogue')).json();
    expect(list.items[0]).toMatchObject({ id: theirs.id, priceCents: 4990 });
  });

  it("'o bolo de chocolate com morango agora custa R$ 99' → that option's price; applied, the rest of the item as saved", async () => {
    const { client } = await signInNew(t);
    const agentId = await createAgent(client);
    const created = await client.post('/api/catalogue', {
      name: 'Bolo de chocolate',
      priceCents: 8000,
      options: [
        { name: 'Com morango', priceCents: 9500 },
        { name: 'Fatia', priceCents: null },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const cake = created.json() as { id: string };
    const res = await client.post(`/api/agents/${agentId}/prompt-coach`, {
      instruction: 'o bolo de chocolate com morango agora custa R$ 99',
      history: [],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      mode: 'catalogue',
      catalogue: {
        itemId: cake.id,
        before: { priceCents: 8000, optionPrice: { name: 'Com morango', priceCents: 9500 } },
        after: { optionPrice: { name: 'Com morango', priceCents: 9900 } },
      },
    });
    const applied = await patch(client, `/api/catalogue/${cake.id}`, res.json().catalogue.after);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({
      priceCents: 8000,
      options: [
        { name: 'Com morango', priceCents: 9900 },
        { name: 'Fatia', priceCents: null },
      ],
    });
    // An option the item does not have: a clear 400, nothing changes.
    const missing = await patch(client, `/api/catalogue/${cake.id}`, {
      optionPrice: { name: 'Com nozes', priceCents: 9900 },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('O item não tem a opção “Com nozes”.');
    const bad = await patch(client, `/api/catalogue/${cake.id}`, { optionPrice: { name: 'Fatia', priceCents: -1 } });
    expect(bad.statusCode).toBe(400);
    const saved = (await client.get('/api/catalogue')).json().items[0];
    expect(saved.options).toEqual([
      { name: 'Com morango', priceCents: 9900 },
      { name: 'Fatia', priceCents: null },
    ]);
  });
});
