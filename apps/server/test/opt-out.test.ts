/**
 * Opt-out by meaning (docs/decisions/048-opt-out-and-owner-channel.md), end to end on the real app with
 * the simulator and the fake AI, on PGlite and PostgreSQL: 'Não quero mais.' silences the conversation
 * (no AI answer, the planned touches cancelled, none goes out later); the AI's own reading is a second
 * signal; the owner's 'Desfazer' (DELETE /api/conversations/:id/opt-out) is audited, the owner's alone,
 * and another account's conversation is 404.
 */
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { OWNER_ONLY_MESSAGE } from '@vendai/contracts/team';
import { conversations, followUps, followUpSettings, messages, optOutEvents } from '../src/db/schema/index.ts';
import { isOptOut } from '../src/domain/conversation-rules/opt-out.ts';
import { OPTED_OUT_REASON } from '../src/domain/opt-out/opt-out-repository.ts';
import { followUpPass } from '../src/modules/follow-ups/follow-up-scheduler.ts';
import { customerSays, openShop, sentToCustomers, type Shop, waitFor } from './helpers/engine-harness.ts';
import { useEngineApp, waitEngineIdle } from './helpers/engine-test.ts';
import { createClock, followUpDeps, recordingSender } from './helpers/follow-up-harness.ts';
import { attendantOf } from './helpers/attendant.ts';

const e = useEngineApp();
const db = () => e.t.database.db;

const convOf = async (shop: Shop): Promise<typeof conversations.$inferSelect> =>
  (await db().select().from(conversations).where(eq(conversations.numberId, shop.number.id)))[0]!;
const customerMessages = async (convId: string) =>
  db()
    .select()
    .from(messages)
    .where(and(eq(messages.convId, convId), eq(messages.direction, 'in')))
    .orderBy(asc(messages.createdAt));
const auditOf = async (convId: string) =>
  db().select().from(optOutEvents).where(eq(optOutEvents.convId, convId)).orderBy(asc(optOutEvents.createdAt));

/** A shop whose agent follows up (1 h, then 1 day), with a customer the AI answered and a touch planned. */
async function answeredWithTouchPlanned(): Promise<{ shop: Shop; convId: string }> {
  const shop = await openShop(e);
  await db()
    .insert(followUpSettings)
    .values({ agentId: shop.agentId, userId: shop.userId, enabled: true, gapsMinutes: [60, 1440] });
  await customerSays(e, shop, 'Oi, quanto custa o bolo de chocolate?');
  await waitFor(async () => (await sentToCustomers(e, shop)).length === 1, 'the AI answered');
  await waitEngineIdle(e, shop);
  const convId = (await convOf(shop)).id;
  await followUpPass(followUpDeps(e.t, createClock(new Date().toISOString()), recordingSender()));
  await waitFor(
    async () =>
      (await db().select().from(followUps).where(eq(followUps.convId, convId))).some((f) => f.state === 'scheduled'),
    'a touch planned',
  );
  return { shop, convId };
}

describe("'Não quero mais.' is an opt-out", () => {
  it('gets no AI answer, cancels the planned touch at once, and no touch goes out after it', async () => {
    const { shop, convId } = await answeredWithTouchPlanned();
    const asked = e.llm.calls.length;
    await customerSays(e, shop, 'Não quero mais.');
    await waitFor(async () => (await convOf(shop))?.optedOut === true, 'opted out');
    await waitEngineIdle(e, shop);
    expect(await convOf(shop)).toMatchObject({ optedOut: true, agenteAtivo: false, aiResumesAt: null });
    expect(e.llm.calls.length).toBe(asked);
    expect(await sentToCustomers(e, shop)).toHaveLength(1);
    // Every follow-up still planned was cancelled, with its reason, by the follow-ups' listener of
    // 'customer.opted_out' (docs/decisions/060-events-features-listen.md) — before any pass ran.
    const planned = async () => db().select().from(followUps).where(eq(followUps.convId, convId));
    await waitFor(
      async () => (await planned()).every((f) => f.state === 'cancelled' && f.reason === OPTED_OUT_REASON),
      'the planned follow-ups cancelled',
    );
    expect((await planned()).length).toBeGreaterThan(0);
    // Two days later, a follow-up pass sends nothing to this customer.
    const sender = recordingSender();
    await followUpPass(followUpDeps(e.t, createClock(new Date(Date.now() + 2 * 86_400_000).toISOString()), sender));
    expect(sender.sent.filter((m) => m.instanceName === shop.number.instanceName)).toEqual([]);
    // The fact Resultados counts, and the audit.
    const said = (await customerMessages(convId)).at(-1)!;
    expect(said).toMatchObject({ content: 'Não quero mais.', optOut: true });
    expect(await auditOf(convId)).toMatchObject([
      { action: 'opted_out', source: 'customer_words', messageId: said.id, actorUserId: null },
    ]);
    // The inbox shows it.
    const dto = await shop.client.get(`/api/conversations/${convId}`);
    expect(dto.json()).toMatchObject({ optedOut: true, agenteAtivo: false });
  });

  it('an order change is not: "não quero mais o bolo, mas quero a torta" is answered', async () => {
    const shop = await openShop(e);
    await customerSays(e, shop, 'não quero mais o bolo, mas quero a torta');
    await waitFor(async () => (await sentToCustomers(e, shop)).length === 1, 'the AI answered');
    expect(await convOf(shop)).toMatchObject({ optedOut: false, agenteAtivo: true });
  });
});

describe('the AI’s reading is the second signal', () => {
  it('an opt-out the rules miss, flagged by the AI: nothing is sent, the conversation opts out', async () => {
    const text = 'Vocês podem me esquecer, valeu';
    expect(isOptOut(text)).toBe(false);
    const shop = await openShop(e);
    e.llm.respond = async () => ({ content: JSON.stringify({ reply: '', opt_out: true }) });
    try {
      await customerSays(e, shop, text);
      await waitFor(async () => (await convOf(shop))?.optedOut === true, 'opted out by the AI');
      await waitEngineIdle(e, shop);
    } finally {
      e.llm.respond = async (_c, n) => ({ content: `Resposta da IA ${n}` });
    }
    expect(await sentToCustomers(e, shop)).toEqual([]);
    const conv = await convOf(shop);
    expect(conv).toMatchObject({ optedOut: true, agenteAtivo: false });
    const said = (await customerMessages(conv.id)).at(-1)!;
    expect(said.optOut).toBe(true);
    expect(await auditOf(conv.id)).toMatchObject([{ action: 'opted_out', source: 'ai_reading', messageId: said.id }]);
  });
});

describe("the owner's 'Desfazer'", () => {
  it('lifts the opt-out at the customer’s request, audited; the AI stays off until switched on', async () => {
    const shop = await openShop(e);
    await customerSays(e, shop, 'me tira da lista');
    await waitFor(async () => (await convOf(shop))?.optedOut === true, 'opted out');
    const conv = await convOf(shop);

    const undone = await shop.client.request({ method: 'DELETE', url: `/api/conversations/${conv.id}/opt-out` });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({ id: conv.id, optedOut: false, agenteAtivo: false });
    expect(await convOf(shop)).toMatchObject({ optedOut: false, agenteAtivo: false });
    // Twice is harmless, and recorded once.
    const again = await shop.client.request({ method: 'DELETE', url: `/api/conversations/${conv.id}/opt-out` });
    expect(again.statusCode).toBe(200);
    expect(await auditOf(conv.id)).toMatchObject([
      { action: 'opted_out', source: 'customer_words' },
      { action: 'lifted', source: 'owner', actorUserId: shop.userId },
    ]);

    // The customer opts out again; switching the AI on lifts it too, and is audited the same way.
    await customerSays(e, shop, 'para de me mandar mensagem');
    await waitFor(async () => (await convOf(shop))?.optedOut === true, 'opted out again');
    const on = await shop.client.request({
      method: 'PATCH',
      url: `/api/conversations/${conv.id}`,
      payload: { agente_ativo: true },
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ optedOut: false, agenteAtivo: true });
    expect((await auditOf(conv.id)).map((a) => `${a.action}:${a.source}`)).toEqual([
      'opted_out:customer_words',
      'lifted:owner',
      'opted_out:customer_words',
      'lifted:owner',
    ]);
  });

  it('another account’s conversation is 404, a malformed id 404, and an attendant may not (403)', async () => {
    const shop = await openShop(e);
    await customerSays(e, shop, 'SAIR');
    await waitFor(async () => (await convOf(shop))?.optedOut === true, 'opted out');
    const conv = await convOf(shop);
    const stranger = await openShop(e);
    const other = await stranger.client.request({ method: 'DELETE', url: `/api/conversations/${conv.id}/opt-out` });
    expect(other.statusCode).toBe(404);
    const bad = await shop.client.request({ method: 'DELETE', url: '/api/conversations/nao-e-um-id/opt-out' });
    expect(bad.statusCode).toBe(404);
    const attendant = await attendantOf(e, shop);
    const denied = await attendant.request({ method: 'DELETE', url: `/api/conversations/${conv.id}/opt-out` });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toBe(OWNER_ONLY_MESSAGE);
    expect(await convOf(shop)).toMatchObject({ optedOut: true });
    expect(await auditOf(conv.id)).toHaveLength(1);
  });
});
