import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  agentes,
  conversations,
  messages,
  plans,
  profiles,
  replyBursts,
  usageMonthly,
} from '../src/db/schema/index.ts';
import { monthStart } from '../src/domain/usage/get-current-usage.ts';
import {
  customerSays,
  customerSeesTyping,
  openShop,
  ownerWritesFromPhone,
  sentToCustomers,
  waitFor,
} from './helpers/engine-harness.ts';
import { SHOP_KINDS } from './helpers/cloud-shop.ts';
import { useEngineApp, waitEngineIdle } from './helpers/engine-test.ts';

const e = useEngineApp();

const convOf = async (shop: { number: { id: string } }) =>
  (await e.t.database.db.select().from(conversations).where(eq(conversations.numberId, shop.number.id)))[0]!;

// Every behaviour here is the engine's, whatever way the number reaches WhatsApp: each runs on a QR
// number (the simulator as Evolution API) and on a Cloud API number (the simulator's Graph API fake).
describe.each(SHOP_KINDS)('AI replies (%s number)', (kind) => {
  it('answers a customer once, after the quiet time, with the agent’s prompt and the message as context', async () => {
    const shop = await openShop(e, { kind });
    e.llm.calls.length = 0;
    await customerSays(e, shop, 'Olá, vocês entregam em Campinas?');
    await waitFor(async () => (await sentToCustomers(e, shop)).length === 1, 'one reply');
    const sent = await sentToCustomers(e, shop);
    expect(sent[0]!.text).toMatch(/^Resposta da IA \d+$/);
    expect(e.llm.calls).toHaveLength(1);
    expect(e.llm.calls[0]!.messages[0]).toEqual({ role: 'system', content: expect.stringContaining('Você é Luna') });
    expect(e.llm.calls[0]!.messages.at(-1)).toEqual({ role: 'user', content: 'Olá, vocês entregam em Campinas?' });
    // Stored as an AI message, counted once for the month.
    const conv = await convOf(shop);
    await waitFor(
      async () =>
        (
          await e.t.database.db
            .select()
            .from(messages)
            .where(and(eq(messages.convId, conv.id), eq(messages.author, 'ai')))
        )[0]?.status !== 'pending',
      'ai message sent',
    );
    const ai = await e.t.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.convId, conv.id), eq(messages.author, 'ai')));
    expect(ai).toHaveLength(1);
    expect(ai[0]).toMatchObject({ direction: 'out', fromMe: true, content: sent[0]!.text });
    expect(['sent', 'delivered', 'read']).toContain(ai[0]!.status);
    const [usage] = await e.t.database.db.select().from(usageMonthly).where(eq(usageMonthly.userId, shop.userId));
    expect(usage).toMatchObject({ aiMessages: 1, overageMessages: 0 });
    await waitEngineIdle(e, shop);
    expect(await sentToCustomers(e, shop)).toHaveLength(1);
  });

  it('shows "digitando…" to the customer while a slow answer is prepared', async () => {
    const shop = await openShop(e, { kind });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    e.llm.respond = async (_call, n) => {
      await gate;
      return { content: `Resposta da IA ${n}` };
    };
    try {
      await customerSays(e, shop, 'Qual o horário de vocês?');
      // The AI is still thinking: the customer sees the contact typing, and no message yet.
      await waitFor(() => customerSeesTyping(e, shop), "'digitando…' while the AI prepares the answer");
      expect(await sentToCustomers(e, shop)).toEqual([]);
      release();
      await waitFor(async () => (await sentToCustomers(e, shop)).length === 1, 'the reply');
    } finally {
      release();
      e.llm.respond = async (_c, n) => ({ content: `Resposta da IA ${n}` });
    }
  });

  it('answers a burst of 5 messages once, with all five in the context', async () => {
    // Delay 2 s: the five messages arrive inside the quiet time (cap 4 s from the first).
    const shop = await openShop(e, { kind, timing: 2 });
    const before = e.llm.calls.length;
    const texts = ['Oi', 'tudo bem?', 'queria saber', 'o preço do bolo', 'de chocolate'];
    for (const text of texts) await customerSays(e, shop, text);
    await waitFor(async () => (await sentToCustomers(e, shop)).length >= 1, 'a reply');
    await waitEngineIdle(e, shop);
    expect(await sentToCustomers(e, shop)).toHaveLength(1);
    const calls = e.llm.calls.slice(before);
    expect(calls).toHaveLength(1);
    const userTurns = calls[0]!.messages.filter((m) => m.role === 'user').map((m) => m.content);
    expect(userTurns).toEqual(texts);
  });

  it('drops an answer being generated when the customer writes again, and answers the whole burst once', async () => {
    const shop = await openShop(e, { kind });
    const before = e.llm.calls.length;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    e.llm.respond = async (_call, n) => {
      if (n === before + 1) await gate; // the first generation waits until the customer wrote again
      return { content: `Resposta da IA ${n}` };
    };
    try {
      await customerSays(e, shop, 'Quero um orçamento');
      await waitFor(() => e.llm.calls.length === before + 1, 'first generation started');
      await customerSays(e, shop, 'para 50 pessoas');
      // The new message reached the app while the first answer was being generated.
      await waitFor(
        async () =>
          (await e.t.database.db.select().from(replyBursts).where(eq(replyBursts.userId, shop.userId)))[0]?.version ===
          2,
        'burst extended',
      );
      release();
      await waitFor(async () => (await sentToCustomers(e, shop)).length >= 1, 'a reply');
      await waitEngineIdle(e, shop);
      const sent = await sentToCustomers(e, shop);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.text).toBe(`Resposta da IA ${before + 2}`);
      const second = e.llm.calls[before + 1]!;
      expect(second.messages.filter((m) => m.role === 'user').map((m) => m.content)).toEqual([
        'Quero um orçamento',
        'para 50 pessoas',
      ]);
    } finally {
      e.llm.respond = async (_c, n) => ({ content: `Resposta da IA ${n}` });
    }
  });

  it('sends nothing when the owner takes over from the phone during the delay', async () => {
    const shop = await openShop(e, { kind, timing: 2 });
    await customerSays(e, shop, 'Olá, tem horário amanhã?', { phone: '5511988887777', name: 'Carla Dias' });
    await waitFor(
      async () => (await e.t.database.db.select().from(replyBursts)).some((b) => b.userId === shop.userId),
      'burst opened',
    );
    await ownerWritesFromPhone(e, shop, 'Oi Carla! Tenho às 15h.', '5511988887777');
    await waitFor(async () => (await convOf(shop)).agenteAtivo === false, 'takeover');
    await waitEngineIdle(e, shop);
    expect(await sentToCustomers(e, shop)).toEqual([]);
    const [burst] = await e.t.database.db.select().from(replyBursts).where(eq(replyBursts.userId, shop.userId));
    expect(burst).toMatchObject({ state: 'cancelled', reason: 'takeover' });
    const owner = await e.t.database.db.select().from(messages).where(eq(messages.author, 'owner_phone'));
    expect(owner.some((m) => m.content === 'Oi Carla! Tenho às 15h.')).toBe(true);
  });

  it('honours opt-out: "Parar!" switches the AI off for that contact and gets no reply', async () => {
    const shop = await openShop(e, { kind });
    await customerSays(e, shop, 'Parar!');
    await waitFor(async () => (await convOf(shop))?.optedOut === true, 'opted out');
    await customerSays(e, shop, 'oi de novo');
    await waitEngineIdle(e, shop);
    expect(await sentToCustomers(e, shop)).toEqual([]);
    expect(await convOf(shop)).toMatchObject({ optedOut: true, agenteAtivo: false });
  });

  it('stops answering at the free plan’s limit, and keeps answering on a paid plan counting overage', async () => {
    const shop = await openShop(e, { kind });
    const month = monthStart().toISOString().slice(0, 10);
    await e.t.database.db.insert(usageMonthly).values({ userId: shop.userId, month, aiMessages: 300 });
    await customerSays(e, shop, 'Olá?');
    await waitFor(
      async () =>
        (await e.t.database.db.select().from(replyBursts).where(eq(replyBursts.userId, shop.userId)))[0]?.state ===
        'cancelled',
      'burst cancelled',
    );
    expect(await sentToCustomers(e, shop)).toEqual([]);
    expect(
      (await e.t.database.db.select().from(replyBursts).where(eq(replyBursts.userId, shop.userId)))[0]!.reason,
    ).toBe('free-limit');

    const [paid] = await e.t.database.db.select().from(plans).where(eq(plans.slug, 'expansao-ia'));
    await e.t.database.db.update(usageMonthly).set({ aiMessages: 5000 }).where(eq(usageMonthly.userId, shop.userId));
    await e.t.database.db.update(profiles).set({ activePlanId: paid!.id }).where(eq(profiles.id, shop.userId));
    await customerSays(e, shop, 'Alguém aí?');
    await waitFor(async () => (await sentToCustomers(e, shop)).length === 1, 'paid plan answers');
    await waitFor(
      async () =>
        (await e.t.database.db.select().from(usageMonthly).where(eq(usageMonthly.userId, shop.userId)))[0]
          ?.aiMessages === 5001,
      'counted',
    );
    const [usage] = await e.t.database.db.select().from(usageMonthly).where(eq(usageMonthly.userId, shop.userId));
    expect(usage).toMatchObject({ aiMessages: 5001, overageMessages: 1 });
  });

  it('never answers when no agent is linked or the agent is inactive', async () => {
    const noAgent = await openShop(e, { kind, linkAgent: false });
    await customerSays(e, noAgent, 'Olá');
    const inactive = await openShop(e, { kind });
    await e.t.database.db.update(agentes).set({ active: false }).where(eq(agentes.id, inactive.agentId));
    await customerSays(e, inactive, 'Olá');
    await waitFor(
      async () =>
        (await e.t.database.db.select().from(conversations).where(eq(conversations.numberId, inactive.number.id)))
          .length === 1,
      'stored',
    );
    for (const s of [noAgent, inactive]) await waitEngineIdle(e, s);
    expect(await sentToCustomers(e, noAgent)).toEqual([]);
    expect(await sentToCustomers(e, inactive)).toEqual([]);
  });

  it('retries the AI, and sends nothing at all when it keeps failing', async () => {
    const shop = await openShop(e, { kind });
    const before = e.llm.calls.length;
    e.llm.respond = async (_c, n) => (n === before + 1 ? { status: 500 } : { content: `Resposta da IA ${n}` });
    try {
      await customerSays(e, shop, 'Oi');
      await waitFor(async () => (await sentToCustomers(e, shop)).length === 1, 'reply after a retry');
      expect(e.llm.calls.length - before).toBe(2);
    } finally {
      e.llm.respond = async (_c, n) => ({ content: `Resposta da IA ${n}` });
    }
    const failing = await openShop(e, { kind });
    e.llm.respond = async () => ({ status: 503 });
    try {
      await customerSays(e, failing, 'Oi');
      await waitFor(
        async () =>
          (await e.t.database.db.select().from(replyBursts).where(eq(replyBursts.userId, failing.userId)))[0]?.state ===
          'failed',
        'gave up',
      );
      expect(await sentToCustomers(e, failing)).toEqual([]);
    } finally {
      e.llm.respond = async (_c, n) => ({ content: `Resposta da IA ${n}` });
    }
  });

  it('splits a long answer on paragraphs, every message under 4,096 characters', async () => {
    const shop = await openShop(e, { kind });
    const paragraph = (i: number) => `Parágrafo ${i}: ${'detalhe importante '.repeat(40)}`.trim();
    e.llm.respond = async () => ({ content: Array.from({ length: 6 }, (_, i) => paragraph(i)).join('\n\n') });
    try {
      await customerSays(e, shop, 'Me explica tudo');
      await waitFor(async () => (await sentToCustomers(e, shop)).length >= 2, 'parts sent');
      await waitEngineIdle(e, shop);
    } finally {
      e.llm.respond = async (_c, n) => ({ content: `Resposta da IA ${n}` });
    }
    const sent = await sentToCustomers(e, shop);
    expect(sent.length).toBeGreaterThan(1);
    expect(sent.length).toBeLessThanOrEqual(4);
    for (const s of sent) {
      expect(s.text.length).toBeLessThanOrEqual(4096);
      expect(s.text.startsWith('Parágrafo')).toBe(true);
    }
    const [usage] = await e.t.database.db.select().from(usageMonthly).where(eq(usageMonthly.userId, shop.userId));
    expect(usage!.aiMessages).toBe(1);
  });
});

// QR only: groups exist only on QR numbers (the Cloud API has none).
describe('AI replies (QR number only)', () => {
  it('never answers in groups', async () => {
    const shop = await openShop(e);
    await customerSays(e, shop, 'Bom dia, grupo!', undefined, { group: { subject: 'Clientes VIP' } });
    await waitFor(async () => Boolean(await convOf(shop)), 'stored');
    await waitEngineIdle(e, shop);
    expect(await sentToCustomers(e, shop)).toEqual([]);
    expect(await convOf(shop)).toMatchObject({ type: 'group', agenteAtivo: false });
  });
});
