/**
 * Pacing of WhatsApp Cloud API sends (docs/decisions/042-cloud-pacing.md): the slots are shared in
 * the database by every process (a number's throughput, a customer's spacing, Meta's back-offs), and
 * through the app and the simulator's Graph-compatible fake a split reply reaches the customer once
 * per part, in order and spaced, after Meta refused it for rate several times; the owner's template
 * send is paced and backed off the same way and reaches the customer once.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conversations, messages, usageMonthly } from '../src/db/schema/index.ts';
import { createCloudPacer } from '../src/integrations/gateway/cloud-pacing.ts';
import { customerSays, openShop, waitFor } from './helpers/engine-harness.ts';
import { useEngineApp, waitEngineIdle } from './helpers/engine-test.ts';
import { cloudSentToCustomers, pendingCloudErrors, queueCloudErrors } from './helpers/cloud-shop.ts';

const PAIR_SPACING_MS = 700;
const e = useEngineApp({ META_PAIR_SPACING_MS: String(PAIR_SPACING_MS) });

describe('the shared send slots', () => {
  /** Two pacers on one database stand for two processes; their waits are recorded, not slept. */
  const pacers = (options: { ratePerSecond: number; pairSpacingMs: number }) => {
    const waits: number[] = [];
    const sleep = async (ms: number) => void waits.push(ms);
    const db = e.t.database.db;
    return { a: createCloudPacer(db, { ...options, sleep }), b: createCloudPacer(db, { ...options, sleep }), waits };
  };
  const phoneNumberId = () => `10${randomBytes(5).readUIntBE(0, 5)}`;

  it("spaces sends to one customer across processes, and holds nobody else's", async () => {
    const { a, b, waits } = pacers({ ratePerSecond: 1000, pairSpacingMs: 5_000 });
    const id = phoneNumberId();
    await a.take(id, '5511988887777');
    expect(waits).toEqual([]);
    await b.take(id, '5511988887777');
    const pairWait = waits.find((w) => w > 100)!;
    expect(pairWait).toBeGreaterThan(4_000);
    expect(pairWait).toBeLessThanOrEqual(5_000);
    waits.length = 0;
    await b.take(id, '5511911112222');
    expect(waits.every((w) => w < 100)).toBe(true);
  });

  it("keeps a number's throughput across processes, and a back-off holds every process", async () => {
    const { a, b, waits } = pacers({ ratePerSecond: 1, pairSpacingMs: 0 });
    const id = phoneNumberId();
    await a.take(id, '1');
    await b.take(id, '2');
    await a.take(id, '3');
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThan(500);
    expect(waits[0]).toBeLessThanOrEqual(1_000);
    expect(waits[1]).toBeGreaterThan(1_500);
    expect(waits[1]).toBeLessThanOrEqual(2_000);

    const other = phoneNumberId();
    waits.length = 0;
    await a.holdBack(other, null, 8_000);
    await b.take(other, '1');
    expect(waits[0]).toBeGreaterThan(7_000);
    expect(waits[0]).toBeLessThanOrEqual(8_000);
  });
});

describe('a split reply on a Cloud API number, with Meta refusing it for rate', () => {
  it('delivers every part exactly once, in order and spaced, after backing off', async () => {
    const shop = await openShop(e, { kind: 'cloud' });
    const paragraphs = [1, 2, 3].map((i) => `Parte ${i}: ${'detalhe do pedido '.repeat(36)}`.trim());
    e.llm.respond = async () => ({ content: paragraphs.join('\n\n') });
    try {
      // The first part is refused twice for throughput (130429), once for the pair rate (131056),
      // and once with a server error (131000, which the engine retries).
      await queueCloudErrors(shop, 'throughput', 2);
      await queueCloudErrors(shop, 'pair-rate', 1);
      expect(await queueCloudErrors(shop, 'server', 1)).toBe(4);
      await customerSays(e, shop, 'Me explica como funciona a entrega?');
      await waitFor(async () => (await cloudSentToCustomers(e, shop)).length >= 3, 'three parts at Meta', 30_000);
      await waitEngineIdle(e, shop, 30_000);
    } finally {
      e.llm.respond = async (_c, n) => ({ content: `Resposta da IA ${n}` });
    }

    const sent = await cloudSentToCustomers(e, shop);
    expect(sent.map((s) => s.text)).toEqual(paragraphs);
    expect(await pendingCloudErrors(shop)).toBe(0);
    // Split parts to the same customer leave at least the spacing apart (measured at the fake, so
    // with some room for the requests' own travel).
    for (let i = 1; i < sent.length; i++)
      expect(Date.parse(sent[i]!.at) - Date.parse(sent[i - 1]!.at)).toBeGreaterThanOrEqual(PAIR_SPACING_MS * 0.6);

    const [conv] = await e.t.database.db.select().from(conversations).where(eq(conversations.numberId, shop.number.id));
    const ai = await e.t.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.convId, conv!.id), eq(messages.author, 'ai')))
      .orderBy(asc(messages.createdAt));
    expect(ai.map((m) => m.content)).toEqual(paragraphs);
    expect(ai.map((m) => m.externalId)).toEqual(sent.map((s) => s.id));
    expect(ai.every((m) => ['sent', 'delivered', 'read'].includes(m.status))).toBe(true);
    const [usage] = await e.t.database.db.select().from(usageMonthly).where(eq(usageMonthly.userId, shop.userId));
    expect(usage!.aiMessages).toBe(1);
  });
});

describe("the owner's template on a Cloud API number, with Meta refusing it for rate", () => {
  it('is held back, sent again and received once; the owner gets the sent message', async () => {
    const shop = await openShop(e, { kind: 'cloud', linkAgent: false });
    await customerSays(e, shop, 'Oi, meu pedido já saiu?');
    await waitFor(
      async () =>
        (await e.t.database.db.select().from(conversations).where(eq(conversations.numberId, shop.number.id)))
          .length === 1,
      'conversation stored',
    );
    const [conv] = await e.t.database.db.select().from(conversations).where(eq(conversations.numberId, shop.number.id));
    await queueCloudErrors(shop, 'throughput', 1);
    expect(await queueCloudErrors(shop, 'pair-rate', 1)).toBe(2);
    const res = await shop.client.post(`/api/conversations/${conv!.id}/templates`, {
      name: 'oferta_da_semana',
      language: 'pt_BR',
      values: ['Carla', 'o bolo de cenoura'],
    });
    expect(res.statusCode).toBe(201);
    const text = 'Oi, Carla! Esta semana o bolo de cenoura está com desconto. Quer saber mais?';
    expect(res.json()).toMatchObject({ status: 'sent', content: text });
    // Both refusals were answered by Meta (consumed), then the template went out once.
    expect(await pendingCloudErrors(shop)).toBe(0);
    const sent = await cloudSentToCustomers(e, shop);
    expect(sent.filter((m) => m.type === 'template').map((m) => m.text)).toEqual([text]);
    const [stored] = await e.t.database.db
      .select()
      .from(messages)
      .where(eq(messages.id, res.json().id as string));
    expect(stored!.externalId).toBe(sent.find((m) => m.type === 'template')!.id);
  });
});
