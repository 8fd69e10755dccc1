/**
 * The hints that point the owner to the agent's follow-ups and approval (docs/decisions/065-agent-tabs-hints-and-judge.md):
 * the facts counted from real rows (customers quiet after the AI gave a price, replies the price guard
 * replaced), the rule's answer on GET /api/agent-hints, and closing a hint for the member signed in.
 */
import { AGENT_NOT_FOUND_MESSAGE } from '@vendai/contracts';
import { describe, expect, it } from 'vitest';
import { conversations, messages, outboundAudit } from '../src/db/schema/index.ts';
import { agentHintFacts } from '../src/modules/agent-hints/hints-repository.ts';
import { openShop, type Shop } from './helpers/engine-harness.ts';
import { useEngineApp } from './helpers/engine-test.ts';

const e = useEngineApp();
const db = () => e.t.database.db;
const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR);
let phoneSeq = 0;

/** A conversation of the shop's number with these messages (oldest first), each `hoursAgo` old. */
async function conversation(shop: Shop, said: { who: 'contact' | 'ai'; text: string; hoursAgo: number }[]) {
  const phone = `55119${String(80000000 + phoneSeq++)}`;
  const [conv] = await db()
    .insert(conversations)
    .values({
      numberId: shop.number.id,
      userId: shop.userId,
      contactJid: `${phone}@s.whatsapp.net`,
      contactPhone: phone,
      lastMessage: ago(said.at(-1)!.hoursAgo),
    })
    .returning();
  for (const m of said)
    await db()
      .insert(messages)
      .values({
        userId: shop.userId,
        convId: conv!.id,
        direction: m.who === 'ai' ? 'out' : 'in',
        fromMe: m.who === 'ai',
        author: m.who,
        content: m.text,
        status: m.who === 'ai' ? 'delivered' : 'received',
        createdAt: ago(m.hoursAgo),
      });
  return conv!.id;
}

const quietAfterPrice = (shop: Shop, hoursAgo = 30) =>
  conversation(shop, [
    { who: 'contact', text: 'Quanto custa o bolo?', hoursAgo: hoursAgo + 1 },
    { who: 'ai', text: 'O bolo sai por R$ 180,00. Quer encomendar?', hoursAgo },
  ]);

describe('agent hints', () => {
  it('counts customers quiet a day after a price, and replies the price guard replaced', async () => {
    const shop = await openShop(e);
    await quietAfterPrice(shop);
    await quietAfterPrice(shop, 24 * 10);
    // Not counted: answered after the price; the price only 2 hours ago; no price; older than 14 days.
    await conversation(shop, [
      { who: 'ai', text: 'Sai por R$180.', hoursAgo: 40 },
      { who: 'contact', text: 'Vou pensar.', hoursAgo: 39 },
    ]);
    await quietAfterPrice(shop, 2);
    await conversation(shop, [{ who: 'ai', text: 'Oi! Como posso ajudar?', hoursAgo: 30 }]);
    await quietAfterPrice(shop, 24 * 15);
    const guarded = await conversation(shop, [{ who: 'ai', text: 'Vou confirmar e já te respondo.', hoursAgo: 5 }]);
    await db()
      .insert(outboundAudit)
      .values([
        { userId: shop.userId, convId: guarded, origin: 'ai_reply', rule: 'price_guard', outcome: 'sent' },
        { userId: shop.userId, convId: guarded, origin: 'ai_reply', rule: null, outcome: 'sent' },
      ]);

    expect(await agentHintFacts(db(), shop.userId)).toEqual([
      expect.objectContaining({
        agentId: shop.agentId,
        followUpsOn: false,
        approvalOn: false,
        quietAfterPrice: 2,
        priceGuardReplaced: 1,
      }),
    ]);
    // Below both thresholds: no hint.
    expect((await shop.client.get('/api/agent-hints')).json()).toEqual([]);
  });

  it('GET gives the hints the rule decides; closing one hides it for this member only; others 404', async () => {
    const shop = await openShop(e);
    for (let i = 0; i < 3; i++) await quietAfterPrice(shop);
    const guarded = await conversation(shop, [{ who: 'ai', text: 'Vou confirmar e já te respondo.', hoursAgo: 5 }]);
    await db()
      .insert(outboundAudit)
      .values(
        [1, 2].map(() => ({
          userId: shop.userId,
          convId: guarded,
          origin: 'ai_reply',
          rule: 'price_guard',
          outcome: 'sent' as const,
        })),
      );

    const hints = await shop.client.get('/api/agent-hints');
    expect(hints.statusCode).toBe(200);
    expect(hints.json()).toEqual([
      { kind: 'follow-up', agentId: shop.agentId, agentName: expect.any(String), count: 3, days: 14 },
      { kind: 'approval', agentId: shop.agentId, agentName: expect.any(String), count: 2, days: 14 },
    ]);

    const closed = await shop.client.post('/api/agent-hints/dismiss', { kind: 'follow-up', agentId: shop.agentId });
    expect(closed.statusCode).toBe(204);
    expect(
      (await shop.client.post('/api/agent-hints/dismiss', { kind: 'follow-up', agentId: shop.agentId })).statusCode,
    ).toBe(204);
    expect((await shop.client.get('/api/agent-hints')).json().map((h: { kind: string }) => h.kind)).toEqual([
      'approval',
    ]);

    // Approval on: the approval hint is gone too.
    expect(
      (
        await shop.client.request({
          method: 'PATCH',
          url: `/api/agents/${shop.agentId}`,
          payload: { approval_mode: true },
        })
      ).statusCode,
    ).toBe(200);
    expect((await shop.client.get('/api/agent-hints')).json()).toEqual([]);

    // Another account's agent, and a kind that does not exist.
    const other = await openShop(e);
    const foreign = await other.client.post('/api/agent-hints/dismiss', { kind: 'approval', agentId: shop.agentId });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe(AGENT_NOT_FOUND_MESSAGE);
    const bad = await shop.client.post('/api/agent-hints/dismiss', { kind: 'outro', agentId: shop.agentId });
    expect(bad.statusCode).toBe(400);
    expect((await e.t.app.inject({ method: 'GET', url: '/api/agent-hints' })).statusCode).toBe(401);
  });
});
