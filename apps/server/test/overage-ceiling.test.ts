/**
 * The overage ceiling of paid plans (docs/decisions/021-spend-and-abuse-limits.md), end to end through
 * the simulator: at the plan's limit plus what the ceiling pays for, the AI pauses (no AI call, no
 * answer), the banner's status says so, the owner is alerted exactly once across many bursts, the
 * owner can still write, and raising the ceiling resumes the AI. Runs on PGlite and PostgreSQL.
 */
import { OVERAGE_CEILING_MESSAGE } from '@vendai/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ownerAlerts, replyBursts } from '../src/db/schema/index.ts';
import { checkoutAndPay, storeAnswers } from './helpers/billing-helpers.ts';
import { customerSays, openShop, sentToCustomers, type Shop, waitFor } from './helpers/engine-harness.ts';
import { useEngineApp, waitEngineIdle } from './helpers/engine-test.ts';

const e = useEngineApp({ BILLING_METER_INTERVAL_SECONDS: '3600' });

const OWNER = '5511987654321';
const toOwner = async (shop: Shop) => (await sentToCustomers(e, shop)).filter((m) => m.remoteJid.startsWith(OWNER));
const answeredCustomers = async (shop: Shop) =>
  (await sentToCustomers(e, shop)).filter((m) => !m.remoteJid.startsWith(OWNER));
const pausedBursts = async (shop: Shop) =>
  (
    await e.t.database.db
      .select()
      .from(replyBursts)
      .where(and(eq(replyBursts.userId, shop.userId), eq(replyBursts.reason, 'overage-ceiling')))
  ).length;
const setCeiling = (shop: Shop, ceilingCents: unknown) =>
  shop.client.request({ method: 'PUT', url: '/api/billing/overage-ceiling', payload: { ceilingCents } });
const customer = (i: number) => ({ phone: `55119777${String(i).padStart(5, '0')}`, name: `Cliente ${i}` });

describe('overage ceiling', () => {
  it('pauses the AI at the ceiling, alerts once, shows it in the status, resumes when raised', async () => {
    const shop = await openShop(e);
    const db = e.t.database.db;
    await checkoutAndPay(e.t, shop.client); // Expansão IA: 5,000 AI messages in the period
    await storeAnswers(db, shop.userId, 5_000); // the plan's messages are used up: every answer now is overage

    // Default ceiling: US$ 50,00, nothing spent yet.
    const before = (await shop.client.get('/api/billing/status')).json();
    expect(before.overage).toMatchObject({ applies: true, ceilingCents: 5_000, spentCents: 0, paused: false });

    // The owner allows US$ 0,02 of overage: two answers at US$ 0,01.
    const set = await setCeiling(shop, 2);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ ceilingCents: 2, spentCents: 0, paused: false });

    // Six customers write at once: exactly two answers, the rest paused; the AI is asked only twice.
    const calls = e.llm.calls.length;
    await Promise.all([1, 2, 3, 4, 5, 6].map((i) => customerSays(e, shop, `Oi, tem pão ${i}?`, customer(i))));
    await waitFor(async () => (await toOwner(shop)).length === 1, 'the pause alert on the owner phone');
    await waitFor(async () => (await pausedBursts(shop)) === 4, 'four bursts paused');
    await waitFor(async () => (await answeredCustomers(shop)).length === 2, 'two answers');
    expect(e.llm.calls.length - calls).toBe(2);

    const status = (await shop.client.get('/api/billing/status')).json();
    expect(status.overage).toMatchObject({ applies: true, ceilingCents: 2, spentCents: 2, paused: true });
    expect(status.overage.periodEnd).toEqual(expect.any(String));

    const [alert] = await toOwner(shop);
    expect(alert!.text).toContain('A IA pausou');
    expect(alert!.text).toContain('US$ 0,02');
    expect(alert!.text).toContain('/pricing#limite-de-gastos');

    // More bursts while paused: no answer, no AI call, still one alert.
    await Promise.all([7, 8, 9].map((i) => customerSays(e, shop, 'Alguém aí?', customer(i))));
    await waitFor(async () => (await pausedBursts(shop)) === 7, 'seven bursts paused');
    // Done with all of them; a ceiling alert is written before its burst is paused, so the rows are final.
    await waitEngineIdle(e, shop);
    expect(await answeredCustomers(shop)).toHaveLength(2);
    expect(e.llm.calls.length - calls).toBe(2);
    expect(await toOwner(shop)).toHaveLength(1);
    const alerts = await db.select().from(ownerAlerts).where(eq(ownerAlerts.userId, shop.userId));
    expect(alerts.map((a) => [a.kind, a.status])).toEqual([['spend_ceiling', 'sent']]);

    // Raising the ceiling resumes the AI with the next customer message.
    const raised = await setCeiling(shop, 1_000);
    expect(raised.json()).toMatchObject({ ceilingCents: 1_000, spentCents: 2, paused: false });
    await customerSays(e, shop, 'E agora?', customer(10));
    await waitFor(async () => (await answeredCustomers(shop)).length === 3, 'answered after raising the ceiling');
    expect((await shop.client.get('/api/billing/status')).json().overage).toMatchObject({
      spentCents: 3,
      paused: false,
    });
    expect(await toOwner(shop)).toHaveLength(1);
  });

  it('the ceiling is integer cents between 0 and US$ 100.000,00, in Portuguese; the free plan is never paused by it', async () => {
    const shop = await openShop(e);
    for (const bad of [-1, 1.5, 10_000_001, '100']) {
      const res = await setCeiling(shop, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.ceilingCents).toBe(OVERAGE_CEILING_MESSAGE);
    }
    const zero = await setCeiling(shop, 0);
    expect(zero.json()).toMatchObject({ applies: false, ceilingCents: 0, paused: false });
    await customerSays(e, shop, 'Oi', customer(50));
    await waitFor(async () => (await answeredCustomers(shop)).length === 1, 'the free plan answers');
  });
});
