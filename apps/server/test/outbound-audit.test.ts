/**
 * One audit record per message (docs/decisions/046-one-door-out.md, "The audit record"), end to end through
 * the simulator (PGlite, and PostgreSQL with TEST_DB=postgres): every message the door sends is recorded
 * with its origin and how the send ended — an AI reply, the price guard's fallback (the rule that changed
 * it), an answer held by approval mode (stopped before the door), the owner's alert, the approved draft,
 * the owner's manual send — written by domain/outbound, not by each caller.
 */
import { PRICE_FALLBACK_DEFAULT } from '@vendai/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentes, conversations, messages, outboundAudit, replyDrafts } from '../src/db/schema/index.ts';
import { formatStructuredReply } from '../src/domain/ai-reply/structured-reply.ts';
import { customerSays, openShop, sentToCustomers, type Shop, waitFor } from './helpers/engine-harness.ts';
import { useEngineApp, waitEngineIdle } from './helpers/engine-test.ts';

const e = useEngineApp();
const db = () => e.t.database.db;
const CUSTOMER = '5511977770000';

const toCustomer = async (shop: Shop) =>
  (await sentToCustomers(e, shop)).filter((m) => m.remoteJid.startsWith(CUSTOMER)).map((m) => m.text);
const convOf = async (shop: Shop) =>
  (await db().select().from(conversations).where(eq(conversations.numberId, shop.number.id))).find(
    (c) => c.contactPhone === CUSTOMER,
  )!;
const auditOf = (shop: Shop) =>
  db().select().from(outboundAudit).where(eq(outboundAudit.userId, shop.userId)).orderBy(asc(outboundAudit.createdAt));
const outOf = (convId: string) =>
  db()
    .select()
    .from(messages)
    .where(and(eq(messages.convId, convId), eq(messages.direction, 'out')))
    .orderBy(asc(messages.createdAt));
const pick = (rows: Awaited<ReturnType<typeof auditOf>>) =>
  rows.map((r) => ({ origin: r.origin, outcome: r.outcome, rule: r.rule }));

describe('the audit record of every message', () => {
  it('an AI reply, one the price guard replaced (and its alert), the owner’s manual send: one record each', async () => {
    const shop = await openShop(e);
    expect((await shop.client.post('/api/catalogue', { name: 'Bolo de chocolate', priceCents: 8000 })).statusCode).toBe(
      201,
    );
    await customerSays(e, shop, 'Oi, tudo bem?');
    await waitFor(async () => (await toCustomer(shop)).length === 1, 'the AI answer');
    await waitEngineIdle(e, shop);
    const conv = await convOf(shop);

    const respond = e.llm.respond;
    e.llm.respond = async () => ({
      content: formatStructuredReply({
        reply: 'O bolo sai por R$ 47,90.',
        handoff: null,
        needsOwner: null,
        hotLead: false,
      }),
    });
    try {
      await customerSays(e, shop, 'Quanto custa o bolo?');
      await waitFor(async () => (await toCustomer(shop)).length === 2, 'the guarded answer');
      await waitEngineIdle(e, shop);
    } finally {
      e.llm.respond = respond;
    }
    expect((await toCustomer(shop))[1]).toBe(PRICE_FALLBACK_DEFAULT);

    const sent = await shop.client.post(`/api/conversations/${conv.id}/messages`, { text: 'Oi, aqui é a dona!' });
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    await waitFor(async () => (await auditOf(shop)).some((r) => r.origin === 'manual'), 'the manual record');

    const all = (await auditOf(shop)).filter((r) => r.convId === conv.id);
    // The guard's alert to the owner (a 'needs_owner' alert, no message row) is recorded too.
    await waitFor(
      async () => (await auditOf(shop)).some((r) => r.origin === 'owner_alert' && r.outcome === 'sent'),
      "the guard's alert record",
    );
    const rows = all.filter((r) => r.messageId);
    expect(pick(rows)).toEqual([
      { origin: 'ai_reply', outcome: 'sent', rule: null },
      { origin: 'ai_reply', outcome: 'sent', rule: 'price_guard' },
      { origin: 'manual', outcome: 'sent', rule: null },
    ]);
    // Each names its message.
    const out = await outOf(conv.id);
    expect(rows.map((r) => r.messageId)).toEqual(out.map((m) => m.id));
    // The conversation's messages say what sent each (the bubble's label).
    const page = (await shop.client.get(`/api/conversations/${conv.id}/messages`)).json() as {
      items: { direction: string; origin: string | null }[];
    };
    expect(page.items.map((m) => m.origin)).toEqual([null, 'ai_reply', null, 'ai_reply', 'manual']);
  });

  it('approval mode: the held answer, the owner’s alert and the approved draft each leave a record', async () => {
    const shop = await openShop(e);
    await db().update(agentes).set({ approvalMode: true }).where(eq(agentes.id, shop.agentId));
    await customerSays(e, shop, 'Vocês entregam?');
    await waitFor(async () => (await auditOf(shop)).some((r) => r.origin === 'owner_alert'), 'the alert record');
    const conv = await convOf(shop);
    const [draft] = await db().select().from(replyDrafts).where(eq(replyDrafts.convId, conv.id));
    expect(pick(await auditOf(shop))).toEqual([
      { origin: 'ai_reply', outcome: 'held', rule: 'approval' },
      { origin: 'owner_alert', outcome: 'sent', rule: null },
    ]);
    expect((await auditOf(shop)).every((r) => r.convId === conv.id)).toBe(true);

    expect((await shop.client.post(`/api/conversations/${conv.id}/drafts/${draft!.id}/send`, {})).statusCode).toBe(200);
    await waitFor(async () => (await toCustomer(shop)).length === 1, 'the approved answer');
    await waitEngineIdle(e, shop);
    const rows = await auditOf(shop);
    expect(pick(rows).at(-1)).toEqual({ origin: 'draft', outcome: 'sent', rule: null });
    const [ai] = await outOf(conv.id);
    expect(rows.at(-1)!.messageId).toBe(ai!.id);
    const page = (await shop.client.get(`/api/conversations/${conv.id}/messages`)).json() as {
      items: { origin: string | null }[];
    };
    expect(page.items.map((m) => m.origin)).toEqual([null, 'draft']);
  });
});
