/**
 * docs/decisions/005-conversation-engine.md: a burst is answered once however late its processing runs; the free
 * plan's limit is exact under 50 concurrent bursts; an AI that gives up leaves a visible notice with
 * 'Tentar novamente', counted per month.
 * QR numbers only: load and timing rules of the engine, not of the gateway, not doubled for CI time.
 */
import type { MessageDto } from '@vendai/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conversations, engineFailuresMonthly, messages, replyBursts, usageMonthly } from '../src/db/schema/index.ts';
import { monthStart } from '../src/domain/usage/get-current-usage.ts';
import type { GatewayEvent } from '../src/integrations/gateway/event-hub.ts';
import { openShop, postWebhook, type Shop, sentToCustomers, sleep, waitFor } from './helpers/engine-harness.ts';
import { useEngineApp, waitEngineIdle } from './helpers/engine-test.ts';
import { connectWs } from './helpers/ws-client.ts';
import { fixtures } from './fixtures/engine-webhooks.ts';

const e = useEngineApp();

const db = () => e.t.database.db;
const convOf = async (shop: Shop) =>
  (await db().select().from(conversations).where(eq(conversations.numberId, shop.number.id)))[0]!;
const answerNormally = () => (e.llm.respond = async (_c, n) => ({ content: `Resposta da IA ${n}` }));

/**
 * Holds the webhook receiver's hand-over to the engine (the events are stored in gateway_events, as
 * when processing lags behind arrival) until release(), which hands them over one by one.
 */
function holdIngestion() {
  const hub = e.t.app.deps.gatewayEvents;
  const original = hub.dispatch.bind(hub);
  const held: GatewayEvent[] = [];
  hub.dispatch = async (event) => {
    if (event.kind === 'message') held.push(event);
    else await original(event);
  };
  return {
    held,
    async release(gapMs: number) {
      hub.dispatch = original;
      for (const event of held.splice(0)) {
        void original(event);
        await sleep(gapMs);
      }
    },
  };
}

describe('bursts when processing lags', () => {
  it('answers six messages once when their processing starts after the quiet window has passed', async () => {
    const shop = await openShop(e); // quiet time 400 ms (ENGINE_MIN_QUIET_MS)
    const before = e.llm.calls.length;
    const texts = ['oi', 'tudo bem?', 'queria', 'um bolo', 'de chocolate', 'para sábado'];
    const hold = holdIngestion();
    try {
      for (const text of texts) await postWebhook(e, shop, 'messages.upsert', fixtures.text(text));
      await waitFor(() => hold.held.length === 6, 'the six events stored and held');
      await sleep(1200); // three quiet windows after the last message: every message's window has passed
      await hold.release(60); // handed over one by one: the first is ingested while the others still wait
    } finally {
      await hold.release(0);
    }
    await waitFor(async () => (await sentToCustomers(e, shop)).length >= 1, 'the reply');
    await waitEngineIdle(e, shop);
    expect(await sentToCustomers(e, shop)).toHaveLength(1);
    const calls = e.llm.calls.slice(before);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.messages.filter((m) => m.role === 'user').map((m) => m.content)).toEqual(texts);
  });
});

describe('free plan limit under concurrency', () => {
  it('answers exactly the 10 AI messages left when 50 customers write at once at the edge of the limit', async () => {
    const shop = await openShop(e);
    const month = monthStart().toISOString().slice(0, 10);
    await db().insert(usageMonthly).values({ userId: shop.userId, month, aiMessages: 290 });
    e.llm.respond = async (_c, n) => {
      await sleep(30);
      return { content: `Resposta da IA ${n}` };
    };
    try {
      const customers = Array.from({ length: 50 }, (_, i) => `55119${String(70000000 + i)}@s.whatsapp.net`);
      await Promise.all(
        customers.map((jid) =>
          postWebhook(e, shop, 'messages.upsert', fixtures.text('Oi, tem bolo?', { key: { remoteJid: jid } })),
        ),
      );
      await waitFor(
        async () =>
          (await db().select().from(replyBursts).where(eq(replyBursts.userId, shop.userId))).filter((b) =>
            ['done', 'cancelled', 'failed'].includes(b.state),
          ).length === 50,
        'all 50 bursts finished',
        30_000,
      );
    } finally {
      answerNormally();
    }
    expect(await sentToCustomers(e, shop)).toHaveLength(10);
    const [usage] = await db().select().from(usageMonthly).where(eq(usageMonthly.userId, shop.userId));
    expect(usage).toMatchObject({ aiMessages: 300, overageMessages: 0 });
    const bursts = await db().select().from(replyBursts).where(eq(replyBursts.userId, shop.userId));
    expect(bursts.filter((b) => b.state === 'done')).toHaveLength(10);
    expect(bursts.filter((b) => b.state === 'cancelled' && b.reason === 'free-limit')).toHaveLength(40);
  });
});

describe('when the AI gives up', () => {
  it('shows "A IA não conseguiu responder" with the reason, counts it, and "Tentar novamente" answers once', async () => {
    const shop = await openShop(e);
    e.llm.respond = async () => ({ status: 500 });
    const ws = await connectWs(`${e.baseUrl.replace('http', 'ws')}/api/realtime`, {
      cookie: shop.client.cookieHeader(),
      origin: 'http://localhost:3000',
    });
    let notice: MessageDto;
    try {
      await postWebhook(e, shop, 'messages.upsert', fixtures.text('Vocês abrem domingo?'));
      const event = await ws.waitFor((m) => m.event === 'message.created' && (m.data as MessageDto).aiFailure != null, {
        timeoutMs: 15_000,
      });
      notice = event.data as MessageDto;
    } finally {
      await ws.close();
    }
    expect(notice).toMatchObject({
      direction: 'out',
      author: 'ai',
      status: 'failed',
      error: 'A IA não conseguiu responder: o provedor de IA respondeu com erro 500.',
      aiFailure: { reason: 'A IA não conseguiu responder: o provedor de IA respondeu com erro 500.', retryable: true },
    });
    expect(await sentToCustomers(e, shop)).toEqual([]);
    const conv = await convOf(shop);
    const page = (await shop.client.get(`/api/conversations/${conv.id}/messages`)).json().items as MessageDto[];
    expect(page.find((m) => m.id === notice.id)).toMatchObject({ aiFailure: { retryable: true } });
    const [count] = await db()
      .select()
      .from(engineFailuresMonthly)
      .where(eq(engineFailuresMonthly.userId, shop.userId));
    expect(count).toMatchObject({ aiGaveUp: 1 });

    // Only the owner may retry; a malformed or unknown id is 404.
    const url = `/api/conversations/${conv.id}/messages/${notice.id}/retry`;
    const stranger = e.t.client();
    await stranger.registerOk();
    expect((await stranger.post(url)).statusCode).toBe(404);
    expect((await shop.client.post(`/api/conversations/${conv.id}/messages/nao-e-um-id/retry`)).statusCode).toBe(404);
    expect(
      (await shop.client.post(`/api/conversations/${conv.id}/messages/${crypto.randomUUID()}/retry`)).statusCode,
    ).toBe(404);

    answerNormally();
    const retried = await shop.client.post(url);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({ ok: true });
    await waitFor(async () => (await sentToCustomers(e, shop)).length === 1, 'the reply after "Tentar novamente"');
    const again = await shop.client.post(url);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message ?? again.json().message).toBeTruthy();
    await waitEngineIdle(e, shop);
    expect(await sentToCustomers(e, shop)).toHaveLength(1);
    const [row] = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.id, notice.id)));
    expect(row).toMatchObject({ failedBurstId: null, messageType: 'ai_failure' });
  });
});
