/**
 * 'Origem das vendas' on Resultados (docs/decisions/071-ad-attribution.md) from a seeded set of conversations,
 * sources, funnel stages, hot-lead alerts and orders: per ad, link and 'Direto' the conversations whose first
 * touch is in the period, the qualified ones, orders, paid orders and revenue in the period, the cost the owner
 * entered and what it makes per conversation and per sale; the CSV; another account sees none of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationSources, orders, ownerAlerts, sourceLinks } from '../src/db/schema/index.ts';
import { ensureStages } from '../src/domain/funnel/stages.ts';
import { conversationStages } from '../src/db/schema/index.ts';
import { addConversation, type InboxPerson, personWithNumber } from './helpers/inbox-seed.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let p: InboxPerson;
let other: InboxPerson;
const putCost = (payload: object) => p.client.request({ method: 'PUT', url: '/api/results/source-costs', payload });
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

beforeAll(async () => {
  t = await createTestApp();
  [p, other] = [await personWithNumber(t), await personWithNumber(t)];
  const db = t.database.db;
  const [link] = await db
    .insert(sourceLinks)
    .values({ userId: p.userId, name: 'Bio do Instagram', code: 'BIO' })
    .returning();
  const stages = await ensureStages(db, p.userId);
  const qualificado = stages.find((s) => s.kind === 'qualificado')!.id;

  const ad = (convId: string, at: Date, key = '111', headline = 'Bolo no pote', clid: string | null = 'ARAclid') =>
    db.insert(conversationSources).values({
      userId: p.userId,
      conversationId: convId,
      kind: 'ad',
      reliability: 'meta',
      sourceKey: key,
      headline,
      ctwaClid: clid,
      freeEntryUntil: new Date(at.getTime() + 72 * 3_600_000),
      receivedAt: at,
    });
  const order = (convId: string, cents: number, paid: boolean, at = hoursAgo(1)) =>
    db.insert(orders).values({
      userId: p.userId,
      convId,
      source: 'ai',
      originKey: `seed:${convId}:${cents}:${Math.random()}`,
      description: 'Pedido',
      totalCents: cents,
      status: paid ? 'paid' : 'pending',
      createdAt: at,
      ...(paid ? { paidAt: at } : {}),
    });

  // Ad 'Bolo no pote': three conversations, one qualified by the funnel, one by a hot-lead alert; two paid orders.
  const a1 = await addConversation(t, p, 'Ana');
  const a2 = await addConversation(t, p, 'Bia');
  const a3 = await addConversation(t, p, 'Caio');
  await ad(a1, hoursAgo(5));
  await ad(a2, hoursAgo(4));
  await ad(a3, hoursAgo(3));
  // A later touch from another ad does not move a2 (first touch wins).
  await ad(a2, hoursAgo(2), '222', 'Kit festa');
  await db.insert(conversationStages).values({ convId: a1, userId: p.userId, stageId: qualificado, movedBy: 'ai' });
  await db.insert(ownerAlerts).values({ userId: p.userId, convId: a2, kind: 'hot_lead', text: 'Cliente quente' });
  await order(a1, 4500, true);
  await order(a2, 3000, true);
  await order(a2, 1200, false);
  // Link 'Bio do Instagram': one conversation, one order not paid.
  const l1 = await addConversation(t, p, 'Duda');
  await db.insert(conversationSources).values({
    userId: p.userId,
    conversationId: l1,
    kind: 'link',
    reliability: 'link',
    sourceKey: link!.id,
    headline: 'Bio do Instagram',
    linkId: link!.id,
    receivedAt: hoursAgo(3),
  });
  await order(l1, 2000, false);
  // Direto: two conversations, one paid order.
  const d1 = await addConversation(t, p, 'Edu');
  await addConversation(t, p, 'Fabi');
  await order(d1, 10000, true);
  // An ad click 40 days ago is outside the period, and so is its order paid then.
  const old = await addConversation(t, p, 'Gabi');
  await ad(old, hoursAgo(40 * 24), '333', 'Promoção antiga');
  await order(old, 999, true, hoursAgo(40 * 24));
});
afterAll(async () => {
  await t?.close();
});

describe("'Origem das vendas'", () => {
  it('counts per ad, link and Direto; the costs make cost per conversation and per sale', async () => {
    expect((await putCost({ kind: 'ad', sourceKey: '111', costCents: 9000 })).statusCode).toBe(204);
    const res = await p.client.get('/api/results/sources?period=7d');
    expect(res.statusCode).toBe(200);
    const rows = res.json().rows as Record<string, unknown>[];
    expect(rows).toEqual([
      {
        kind: 'direct',
        sourceKey: '',
        label: 'Direto',
        conversations: 2,
        qualified: 0,
        orders: 1,
        paidOrders: 1,
        revenueCents: 10000,
        freeEntry: 0,
        costCents: null,
        costPerConversationCents: null,
        costPerSaleCents: null,
      },
      {
        kind: 'ad',
        sourceKey: '111',
        label: 'Bolo no pote',
        conversations: 3,
        qualified: 2,
        orders: 3,
        paidOrders: 2,
        revenueCents: 7500,
        freeEntry: 3,
        costCents: 9000,
        costPerConversationCents: 3000,
        costPerSaleCents: 4500,
      },
      expect.objectContaining({
        kind: 'link',
        label: 'Bio do Instagram',
        conversations: 1,
        qualified: 0,
        orders: 1,
        paidOrders: 0,
        revenueCents: 0,
        costCents: null,
      }),
    ]);
  });

  it('exports the same figures as CSV', async () => {
    const res = await p.client.get('/api/results/sources.csv?period=7d');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/origem-das-vendas-.*\.csv/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('Origem;Tipo;Conversas;Qualificadas;Pedidos;Pedidos pagos;Receita (R$)');
    expect(lines).toContain('Bolo no pote;Anúncio;3;2;3;2;75,00;90,00;30,00;45,00;3');
  });

  it('refuses a negative cost in Portuguese, and shows another account nothing', async () => {
    const bad = await putCost({ kind: 'ad', sourceKey: '111', costCents: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('não pode ser negativo');
    expect((await other.client.get('/api/results/sources?period=30d')).json().rows).toEqual([]);
  });
});
