/**
 * Features listen to the engine's named events (docs/decisions/060-events-features-listen.md), end to end on
 * the real app with the simulator, the Pix stand-in and the demo AI, on PGlite and PostgreSQL: a Pix paid
 * at the stand-in is published as 'order.paid' and the funnel's listener moves the card to Pago; an opt-out
 * is published and the follow-ups' listener cancels the planned touch (audited); a person's and the AI's
 * card moves publish 'stage.changed'; an approved draft publishes 'draft.approved'; every message's own
 * events are delivered in process and never queued; a name nobody listens to costs no job; the registry
 * refuses a name it does not know.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { agentes, conversations, followUps, followUpSettings, replyDrafts } from '../src/db/schema/index.ts';
import { resultRows } from '../src/db/rows.ts';
import { createEngineEvents } from '../src/domain/engine-events/event-bus.ts';
import { OPTED_OUT_REASON } from '../src/domain/opt-out/opt-out-repository.ts';
import { followUpPass } from '../src/modules/follow-ups/follow-up-scheduler.ts';
import { customerSays, openShop, sentToCustomers, type Shop, waitFor } from './helpers/engine-harness.ts';
import { hear, useEngineApp, waitEngineIdle } from './helpers/engine-test.ts';
import { createClock, followUpDeps, recordingSender } from './helpers/follow-up-harness.ts';
import { addConversation, personWithNumber } from './helpers/inbox-seed.ts';
import { orderById, pixShop, pressOnBankPage, standinPaymentsOf } from './helpers/pix-helpers.ts';

const e = useEngineApp({ AI_PROVIDER: 'demo' });
const db = () => e.t.database.db;

/** The engine.events jobs queued for an account (any state). */
async function eventJobsOf(userId: string): Promise<string[]> {
  const rows = resultRows<{ names: string }>(
    await db().execute(sql`
      select (select string_agg(ev->>'name', ',') from jsonb_array_elements(data->'events') ev) as names
      from pgboss.job where name = 'engine.events' and data::text like ${`%${userId}%`}`),
  );
  return rows.flatMap((r) => r.names.split(','));
}

const convOf = async (shop: Shop) =>
  (await db().select().from(conversations).where(eq(conversations.numberId, shop.number.id)))[0]!;

describe('the registry', () => {
  it('refuses a name it does not know; a delivered unknown or malformed event is logged and skipped', async () => {
    const warn = vi.fn();
    const events = createEngineEvents({ warn } as never);
    expect(() => events.on('order.shipped' as never, async () => {})).toThrow(/not in ENGINE_EVENTS/);
    expect(() => e.t.app.deps.events.on('no.such' as never, async () => {})).toThrow(/not in ENGINE_EVENTS/);
    const heard: string[] = [];
    events.on('lead.hot', async (p) => void heard.push(p.convId));
    expect(events.listens('lead.hot')).toBe(true);
    expect(events.listens('stage.changed')).toBe(false);
    await events.deliver([
      { name: 'order.shipped', payload: {} } as never,
      { name: 'lead.hot', payload: { userId: 'u' } } as never,
      { name: 'lead.hot', payload: { userId: 'u', convId: 'c' } },
    ]);
    expect(heard).toEqual(['c']);
    expect(warn.mock.calls.map((c) => c[1])).toEqual([
      'engine event with an unknown name: skipped',
      'engine event with an invalid payload: skipped',
    ]);
  });
});

describe('features listen', () => {
  it("a Pix charge sent and paid at the stand-in: 'order.charged' and 'order.paid'; the funnel's listener moves the card to Orçamento, then Pago", async () => {
    const paid = hear(e, 'order.paid');
    const charged = hear(e, 'order.charged');
    const moved = hear(e, 'stage.changed');
    const customer = { phone: '5511966663333', name: 'Paula Reis' };
    const { shop, convId } = await pixShop(e, customer);
    const item = await shop.client.post('/api/catalogue', { name: 'Camiseta básica', priceCents: 4990 });
    expect(item.statusCode, item.body).toBe(201);
    await customerSays(e, shop, 'Quero 2 camisetas básicas', customer);
    let order: { id: string } | undefined;
    await waitFor(
      async () => {
        [order] = resultRows<{ id: string }>(await db().execute(sql`select id from orders where conv_id = ${convId}`));
        return order !== undefined && (await orderById(e, order.id)).status === 'awaiting_payment';
      },
      'the charge sent',
      20_000,
    );
    // The charge reached the customer: 'order.charged', and the funnel's listener moved the card to Orçamento.
    await waitFor(async () => charged.some((c) => c.orderId === order!.id), "'order.charged' delivered");
    const stages = resultRows<{ id: string; kind: string }>(
      await db().execute(sql`select id, kind from funnel_stages where user_id = ${shop.userId}`),
    );
    const orcamento = stages.find((s) => s.kind === 'orcamento')!.id;
    await waitFor(
      async () => moved.some((m) => m.convId === convId && m.stageId === orcamento),
      'the card in Orçamento',
    );
    const [payment] = await standinPaymentsOf(e, order!.id);
    await pressOnBankPage(shop, payment!.id, 'pagar');
    await waitFor(async () => (await orderById(e, order!.id)).status === 'paid', 'the order paid');
    await waitFor(async () => paid.some((p) => p.orderId === order!.id), "'order.paid' delivered");
    expect(paid.filter((p) => p.convId === convId)).toEqual([
      { userId: shop.userId, convId, orderId: order!.id, late: false },
    ]);
    // The card reached Pago through the listener, which published the AI's move in turn.
    const pago = stages.find((s) => s.kind === 'pago')!.id;
    await waitFor(async () => moved.some((m) => m.convId === convId && m.stageId === pago), 'the card in Pago');
    // Every move the AI's (a hot lead's Qualificado may come first), Orçamento and Pago among them, in that order.
    const moves = moved.filter((m) => m.convId === convId);
    expect(new Set(moves.map((m) => m.movedBy))).toEqual(new Set(['ai']));
    expect(moves.map((m) => m.stageId).filter((id) => id === orcamento || id === pago)).toEqual([orcamento, pago]);
    // Durable: the payment's event went out as a job of its own.
    expect(await eventJobsOf(shop.userId)).toContain('order.paid');
  });

  it("an opt-out publishes 'customer.opted_out'; the follow-ups' listener cancels the planned touch, audited", async () => {
    const optedOut = hear(e, 'customer.opted_out');
    const shop = await openShop(e);
    await db()
      .insert(followUpSettings)
      .values({ agentId: shop.agentId, userId: shop.userId, enabled: true, gapsMinutes: [60, 1440] });
    await customerSays(e, shop, 'Oi, tudo bem?');
    await waitFor(async () => (await sentToCustomers(e, shop)).length === 1, 'the AI answered');
    await waitEngineIdle(e, shop);
    const convId = (await convOf(shop)).id;
    await followUpPass(followUpDeps(e.t, createClock(new Date().toISOString()), recordingSender()));
    const planned = () => db().select().from(followUps).where(eq(followUps.convId, convId));
    await waitFor(async () => (await planned()).some((f) => f.state === 'scheduled'), 'a touch planned');

    await customerSays(e, shop, 'Me tira da lista');
    await waitFor(async () => optedOut.some((o) => o.convId === convId), "'customer.opted_out' delivered");
    expect(optedOut.filter((o) => o.convId === convId)).toMatchObject([
      { userId: shop.userId, convId, source: 'customer_words', optOutId: expect.any(String) },
    ]);
    await waitFor(
      async () => (await planned()).every((f) => f.state === 'cancelled' && f.reason === OPTED_OUT_REASON),
      'the touch cancelled',
    );
    const audit = resultRows<{ origin: string; outcome: string; rule: string }>(
      await db().execute(
        sql`select origin, outcome, rule from outbound_audit where conv_id = ${convId} and rule = 'opt_out'`,
      ),
    );
    expect(audit).toEqual([{ origin: 'ai_touch', outcome: 'stopped', rule: 'opt_out' }]);
  });

  it("a person's move publishes 'stage.changed'; an approved draft publishes 'draft.approved'", async () => {
    const moved = hear(e, 'stage.changed');
    const approved = hear(e, 'draft.approved');
    const p = await personWithNumber(e.t);
    const convId = await addConversation(e.t, p, 'Elias');
    const stages = (await p.client.get('/api/funnel/stages')).json().items as { id: string; kind: string }[];
    const qualificado = stages.find((s) => s.kind === 'qualificado')!.id;
    const res = await p.client.request({
      method: 'PUT',
      url: `/api/funnel/conversations/${convId}/stage`,
      payload: { stageId: qualificado },
    });
    expect(res.statusCode, res.body).toBe(200);
    await waitFor(async () => moved.some((m) => m.convId === convId), "'stage.changed' delivered");
    expect(moved.filter((m) => m.convId === convId)).toEqual([
      { userId: p.userId, convId, stageId: qualificado, movedBy: 'person' },
    ]);

    const shop = await openShop(e);
    await db().update(agentes).set({ approvalMode: true }).where(eq(agentes.id, shop.agentId));
    await customerSays(e, shop, 'Vocês abrem sábado?');
    await waitFor(
      async () => (await db().select().from(replyDrafts).where(eq(replyDrafts.userId, shop.userId))).length > 0,
      'the draft',
    );
    const [draft] = await db().select().from(replyDrafts).where(eq(replyDrafts.userId, shop.userId));
    const sent = await shop.client.post(`/api/conversations/${draft!.convId}/drafts/${draft!.id}/send`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    await waitFor(async () => approved.some((a) => a.draftId === draft!.id), "'draft.approved' delivered");
    expect(approved.filter((a) => a.draftId === draft!.id)).toEqual([
      { userId: shop.userId, convId: draft!.convId, draftId: draft!.id, by: 'inbox' },
    ]);
  });
});

describe('the reply path stays as dear as it was', () => {
  it('a name nobody listens to queues nothing; every message\u2019s own events are delivered in process, never queued', async () => {
    const shop = await openShop(e);
    // Nothing listens to these yet: the customer writes, the AI answers, and no events job is queued.
    await customerSays(e, shop, 'Oi, qual o horário?');
    await waitFor(async () => (await sentToCustomers(e, shop)).length === 1, 'the AI answered');
    await waitEngineIdle(e, shop);
    expect(await eventJobsOf(shop.userId)).toEqual([]);

    const wrote = hear(e, 'customer.wrote');
    const replied = hear(e, 'reply.sent');
    await customerSays(e, shop, 'E no domingo?');
    await waitFor(async () => (await sentToCustomers(e, shop)).length === 2, 'the AI answered again');
    await waitEngineIdle(e, shop);
    const convId = (await convOf(shop)).id;
    await waitFor(async () => replied.some((r) => r.convId === convId), "'reply.sent' delivered");
    const [said] = resultRows<{ id: string }>(
      await db().execute(sql`select id from messages where conv_id = ${convId} and direction = 'in'
                             and content = 'E no domingo?'`),
    );
    expect(wrote.filter((w) => w.convId === convId)).toEqual([
      { userId: shop.userId, convId, messageId: said!.id, text: 'E no domingo?' },
    ]);
    const [burst] = resultRows<{ id: string }>(
      await db().execute(sql`select id from reply_bursts where conv_id = ${convId} and state = 'done'
                             order by created_at desc limit 1`),
    );
    expect(replied.filter((r) => r.convId === convId)).toEqual([{ userId: shop.userId, convId, burstId: burst!.id }]);
    // Heard in process: still no job for them.
    expect(await eventJobsOf(shop.userId)).toEqual([]);
  });
});
