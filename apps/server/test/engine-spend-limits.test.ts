/**
 * What a customer can make the AI spend (docs/decisions/021-spend-and-abuse-limits.md), end to end through
 * the simulator: at most N AI answers a day per contact (the agent's setting, default 40; past it the
 * conversation goes Manual with the reason and the owner gets one alert; the next day the AI answers
 * again), and the customer's text given to the model is cut at CUSTOMER_TEXT_MAX.
 * Runs on PGlite and on PostgreSQL (TEST_DB=postgres).
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_ANSWERS_PER_CONTACT_DAY } from '@vendai/contracts';
import { conversations, messages, ownerAlerts, replyBursts } from '../src/db/schema/index.ts';
import { contactCeilingReason } from '../src/domain/ai-reply/contact-daily-ceiling.ts';
import { CUSTOMER_TEXT_CUT, CUSTOMER_TEXT_MAX } from '../src/domain/ai-reply/customer-text.ts';
import {
  customerSays,
  openShop,
  postWebhook,
  sentToCustomers,
  type Shop,
  sleep,
  waitFor,
} from './helpers/engine-harness.ts';
import { SHOP_KINDS } from './helpers/cloud-shop.ts';
import { useEngineApp } from './helpers/engine-test.ts';
import { fixtures } from './fixtures/engine-webhooks.ts';
import { patch } from './training-helpers.ts';

const e = useEngineApp();

const db = () => e.t.database.db;
const CUSTOMER = '5511977770000';
/** The owner's personal number of newPerson() (+55 11 98765-4321). */
const OWNER = '5511987654321';
const convOf = async (shop: Shop) =>
  (await db().select().from(conversations).where(eq(conversations.numberId, shop.number.id))).find(
    (c) => c.contactPhone === CUSTOMER,
  )!;
const toCustomer = async (shop: Shop) =>
  (await sentToCustomers(e, shop)).filter((m) => m.remoteJid.startsWith(CUSTOMER));
const toOwner = async (shop: Shop) => (await sentToCustomers(e, shop)).filter((m) => m.remoteJid.startsWith(OWNER));

/** `n` earlier exchanges of today (a customer message, then the AI's answer), a second apart, just before now. */
async function answeredToday(shop: Shop, convId: string, n: number) {
  const at = (s: number) => new Date(Date.now() - s * 1000);
  const rows = Array.from({ length: n }, (_, i) => [
    {
      userId: shop.userId,
      convId,
      direction: 'in' as const,
      content: `Pergunta ${i + 1}`,
      author: 'contact' as const,
      status: 'received' as const,
      createdAt: at(2 * (n - i) + 1),
    },
    {
      userId: shop.userId,
      convId,
      direction: 'out' as const,
      content: `Resposta ${i + 1}`,
      fromMe: true,
      author: 'ai' as const,
      status: 'sent' as const,
      createdAt: at(2 * (n - i)),
    },
  ]).flat();
  await db().insert(messages).values(rows);
}

describe.each(SHOP_KINDS)('per-contact AI answers per day (%s number)', (kind) => {
  it('the 41st message of the day goes to Manual with the reason and one owner alert; the next day the AI answers again', async () => {
    expect(DEFAULT_MAX_ANSWERS_PER_CONTACT_DAY).toBe(40);
    const shop = await openShop(e, { kind });
    await customerSays(e, shop, 'Oi');
    await waitFor(async () => (await toCustomer(shop)).length === 1, 'first answer');
    const conv = await convOf(shop);
    // 39 more answered exchanges today: the contact has had the default 40.
    await answeredToday(shop, conv.id, 39);
    const calls = e.llm.calls.length;

    await customerSays(e, shop, 'Mais uma pergunta');
    await waitFor(async () => (await convOf(shop)).agenteAtivo === false, 'conversation Manual');
    await waitFor(async () => (await toOwner(shop)).length === 1, 'one alert');
    const manual = await convOf(shop);
    expect(manual.handoffReason).toBe(contactCeilingReason(40));
    // The AI comes back at the account's next midnight (São Paulo): within a day, not the 12 h quiet time.
    const untilResume = manual.aiResumesAt!.getTime() - Date.now();
    expect(untilResume).toBeGreaterThan(0);
    expect(untilResume).toBeLessThanOrEqual(24 * 3600_000);
    const local = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/Sao_Paulo',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(manual.aiResumesAt!);
    expect(local).toBe('00:00');
    expect(e.llm.calls.length).toBe(calls); // the model was not asked
    expect(await toCustomer(shop)).toHaveLength(1);
    const bursts = await db().select().from(replyBursts).where(eq(replyBursts.convId, conv.id));
    expect(bursts.filter((b) => b.state === 'cancelled')).toHaveLength(1);
    expect(bursts.filter((b) => b.state === 'waiting' || b.state === 'generating')).toHaveLength(0);
    const alerts = await db().select().from(ownerAlerts).where(eq(ownerAlerts.convId, conv.id));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.kind).toBe('needs_owner');
    expect((await toOwner(shop))[0]!.text).toContain('limite diário por contato');

    // More messages the same day: nothing answered, no second alert.
    await customerSays(e, shop, 'Alô?');
    await sleep(1200);
    expect(await toCustomer(shop)).toHaveLength(1);
    expect(await toOwner(shop)).toHaveLength(1);

    // The next day: today's answers are yesterday's, and the return time has passed.
    await db().execute(sql`update messages set created_at = created_at - interval '1 day' where conv_id = ${conv.id}`);
    await db().execute(sql`update conversations set ai_resumes_at = now() - interval '1 second' where id = ${conv.id}`);
    await customerSays(e, shop, 'Bom dia, voltei');
    await waitFor(async () => (await toCustomer(shop)).length === 2, 'answered the next day');
    expect((await convOf(shop)).agenteAtivo).toBe(true);
    expect(await toOwner(shop)).toHaveLength(1);
  });
});

describe('per-contact AI answers per day: the setting', () => {
  it("the agent's own setting (PATCH /api/agents/:id) sets the ceiling; out-of-range values are refused in Portuguese", async () => {
    const shop = await openShop(e);
    const bad = await patch(shop.client, `/api/agents/${shop.agentId}`, { max_answers_per_contact_day: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('limite de respostas por contato');
    const ok = await patch(shop.client, `/api/agents/${shop.agentId}`, { max_answers_per_contact_day: 2 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().max_answers_per_contact_day).toBe(2);
    expect((await shop.client.get(`/api/agents/${shop.agentId}`)).json().max_answers_per_contact_day).toBe(2);

    await customerSays(e, shop, 'Oi');
    await waitFor(async () => (await toCustomer(shop)).length === 1, 'answer 1');
    await customerSays(e, shop, 'Tudo bem?');
    await waitFor(async () => (await toCustomer(shop)).length === 2, 'answer 2');
    await customerSays(e, shop, 'E o preço?');
    await waitFor(async () => (await convOf(shop)).agenteAtivo === false, 'Manual at the third');
    expect((await convOf(shop)).handoffReason).toBe(contactCeilingReason(2));
    await waitFor(async () => (await toOwner(shop)).length === 1, 'one alert');
    expect(await toCustomer(shop)).toHaveLength(2);
  });
});

// QR only: a 21,000-character text arrives only through Evolution (Meta caps a text at 4,096).
describe('customer text sent to the model', () => {
  it(`is cut at ${CUSTOMER_TEXT_MAX} characters (the inbox keeps it whole)`, async () => {
    const shop = await openShop(e);
    const long = 'Quero saber o preço. '.repeat(1000); // 21,000 characters
    const calls = e.llm.calls.length;
    // Through the webhook: the simulator's page caps what a person types there.
    await postWebhook(
      e,
      shop,
      'messages.upsert',
      fixtures.text(long, { key: { remoteJid: `${CUSTOMER}@s.whatsapp.net` } }),
    );
    await waitFor(() => e.llm.calls.length > calls, 'the AI asked');
    const user = e.llm.calls.at(-1)!.messages.filter((m) => m.role === 'user');
    expect(user).toHaveLength(1);
    expect(user[0]!.content.length).toBeLessThanOrEqual(CUSTOMER_TEXT_MAX + CUSTOMER_TEXT_CUT.length);
    expect(user[0]!.content.endsWith(CUSTOMER_TEXT_CUT)).toBe(true);
    expect(user[0]!.content.startsWith('Quero saber o preço.')).toBe(true);
    const [stored] = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.convId, (await convOf(shop)).id), eq(messages.direction, 'in')));
    expect(stored!.content).toBe(long);
  });
});
