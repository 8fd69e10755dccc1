/**
 * Approval drafts count toward every limit when they are written (docs/decisions/046-one-door-out.md,
 * "Drafts and the limits"), end to end through the simulator: the contact's daily AI-answer ceiling, the
 * free plan's monthly AI messages and a paid plan's overage ceiling. Counted once whichever path the
 * message takes: an approved draft is not counted again, a discarded one stays counted (the AI's work).
 * Runs on PGlite and on PostgreSQL (TEST_DB=postgres).
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentes, conversations, replyBursts, replyDrafts, usageMonthly } from '../src/db/schema/index.ts';
import { contactCeilingReason } from '../src/domain/ai-reply/contact-daily-ceiling.ts';
import { monthStart } from '../src/domain/usage/get-current-usage.ts';
import { checkoutAndPay, storeAnswers } from './helpers/billing-helpers.ts';
import { customerSays, openShop, sentToCustomers, type Shop, waitFor } from './helpers/engine-harness.ts';
import { useEngineApp, waitEngineIdle } from './helpers/engine-test.ts';

const e = useEngineApp({ BILLING_METER_INTERVAL_SECONDS: '3600' });
const db = () => e.t.database.db;

/** The owner's personal number of newPerson() (+55 11 98765-4321). */
const OWNER = '5511987654321';
const CUSTOMER = { phone: '5511977770000', name: 'Carla Dias' };

const toCustomers = async (shop: Shop) =>
  (await sentToCustomers(e, shop)).filter((m) => !m.remoteJid.startsWith(OWNER)).map((m) => m.text);
const convOf = async (shop: Shop, phone = CUSTOMER.phone) =>
  (await db().select().from(conversations).where(eq(conversations.numberId, shop.number.id))).find(
    (c) => c.contactPhone === phone,
  );
const draftsOf = async (shop: Shop) =>
  db().select().from(replyDrafts).where(eq(replyDrafts.userId, shop.userId)).orderBy(replyDrafts.createdAt);
const burstsWith = async (shop: Shop, reason: string) =>
  db()
    .select()
    .from(replyBursts)
    .where(and(eq(replyBursts.userId, shop.userId), eq(replyBursts.reason, reason)));
const aiMessagesThisMonth = async (shop: Shop) =>
  (
    await db()
      .select()
      .from(usageMonthly)
      .where(and(eq(usageMonthly.userId, shop.userId), eq(usageMonthly.month, monthStart().toISOString().slice(0, 10))))
  )[0]?.aiMessages ?? 0;

async function approvalShop(): Promise<Shop> {
  const shop = await openShop(e);
  await db().update(agentes).set({ approvalMode: true }).where(eq(agentes.id, shop.agentId));
  return shop;
}

/** The customer writes; waits for the n-th draft of the account (nothing is sent). */
async function draftFor(shop: Shop, text: string, n: number, customer = CUSTOMER) {
  await customerSays(e, shop, text, customer);
  await waitFor(async () => (await draftsOf(shop)).length === n, `draft ${n}`);
  return (await draftsOf(shop))[n - 1]!;
}

const send = (shop: Shop, d: { convId: string; id: string }) =>
  shop.client.post(`/api/conversations/${d.convId}/drafts/${d.id}/send`, {});
const discard = (shop: Shop, d: { convId: string; id: string }) =>
  shop.client.post(`/api/conversations/${d.convId}/drafts/${d.id}/discard`);

describe('drafts count toward the limits when written', () => {
  it("the contact's daily ceiling: a sent draft counts once, a discarded or pending one counts too", async () => {
    const shop = await approvalShop();
    await db().update(agentes).set({ maxAnswersPerContactDay: 3 }).where(eq(agentes.id, shop.agentId));

    const first = await draftFor(shop, 'Vocês têm bolo de cenoura?', 1);
    expect((await send(shop, first)).statusCode).toBe(200);
    await waitFor(async () => (await toCustomers(shop)).length === 1, 'the approved answer');
    const second = await draftFor(shop, 'E de chocolate?', 2);
    expect((await discard(shop, second)).statusCode).toBe(200);
    // Answers today: the sent draft (once, as its message) and the discarded one. Below 3: a third draft.
    await draftFor(shop, 'Quanto custa?', 3);

    // Three today (sent, discarded, pending): the fourth message goes Manual, no draft is written.
    await customerSays(e, shop, 'Alô?');
    await waitFor(
      async () => (await convOf(shop))!.handoffReason === contactCeilingReason(3),
      'the ceiling hands the conversation over',
    );
    await waitEngineIdle(e, shop);
    expect(await draftsOf(shop)).toHaveLength(3);
    expect((await convOf(shop))!.agenteAtivo).toBe(false);
    expect(await toCustomers(shop)).toHaveLength(1);
  });

  it("the free plan's AI messages: counted when written, not again when sent, kept when discarded", async () => {
    const shop = await approvalShop();
    const month = monthStart().toISOString().slice(0, 10);
    await db().insert(usageMonthly).values({ userId: shop.userId, month, aiMessages: 298 }); // of 300

    const first = await draftFor(shop, 'Oi, tem pão de queijo?', 1);
    expect(await aiMessagesThisMonth(shop)).toBe(299);
    expect((await discard(shop, first)).statusCode).toBe(200);
    expect(await aiMessagesThisMonth(shop)).toBe(299);

    const other = { phone: '5511977771111', name: 'Davi' };
    const second = await draftFor(shop, 'Bom dia! Entregam hoje?', 2, other);
    expect(await aiMessagesThisMonth(shop)).toBe(300);
    // The plan is used up, but this answer was counted when written: it goes out, counted once.
    const sent = await send(shop, second);
    expect(sent.statusCode, sent.body).toBe(200);
    await waitFor(async () => (await toCustomers(shop)).length === 1, 'the approved answer');
    await waitEngineIdle(e, shop);
    expect(await aiMessagesThisMonth(shop)).toBe(300);

    // The next customer message finds the plan used up: no AI call, no draft.
    const calls = e.llm.calls.length;
    await customerSays(e, shop, 'Olá?', { phone: '5511977772222', name: 'Eva' });
    await waitFor(async () => (await burstsWith(shop, 'free-limit')).length === 1, 'the free limit stops the AI');
    expect(e.llm.calls.length).toBe(calls);
    expect(await draftsOf(shop)).toHaveLength(2);
  });

  it('the overage ceiling of a paid plan: a draft takes its answer of the period; approving it takes no second', async () => {
    const shop = await approvalShop();
    await checkoutAndPay(e.t, shop.client); // Expansão IA: 5,000 AI messages in the period
    await storeAnswers(db(), shop.userId, 5_000); // used up: every answer now is overage
    const set = await shop.client.request({
      method: 'PUT',
      url: '/api/billing/overage-ceiling',
      payload: { ceilingCents: 1 }, // one overage answer at US$ 0,01
    });
    expect(set.statusCode, set.body).toBe(200);

    const draft = await draftFor(shop, 'Oi, tem torta?', 1);
    const status = async () => (await shop.client.get('/api/billing/status')).json().overage;
    expect(await status()).toMatchObject({ spentCents: 1, paused: true });

    // Another customer: the ceiling is reached, the AI is not asked, no draft.
    const calls = e.llm.calls.length;
    await customerSays(e, shop, 'Olá?', { phone: '5511977773333', name: 'Fábio' });
    await waitFor(async () => (await burstsWith(shop, 'overage-ceiling')).length === 1, 'paused at the ceiling');
    expect(e.llm.calls.length).toBe(calls);
    expect(await draftsOf(shop)).toHaveLength(1);

    // Approving the draft sends it without taking a second answer of the period.
    expect((await send(shop, draft)).statusCode).toBe(200);
    await waitFor(async () => (await toCustomers(shop)).length === 1, 'the approved answer');
    await waitEngineIdle(e, shop);
    expect(await status()).toMatchObject({ spentCents: 1, paused: true });
  });
});
