/**
 * Metered overage (docs/decisions/012-payments-stripe-and-local-stand-in.md): AI answers past a paid plan's limit in the billing period are
 * reported to Stripe (here the local stand-in) as billing meter events, once each, identifier =
 * message id, also when a crash left a sent event unmarked.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentsStandinMeterEvents } from '@vendai/payments-standin/schema';
import { billingMeterReports } from '../src/db/schema/index.ts';
import { checkoutAndPay, person, profileOf, storeAnswers as storeAnswersIn } from './helpers/billing-helpers.ts';

const storeAnswers = (userId: string, answers: number) => storeAnswersIn(t.database.db, userId, answers);
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { BILLING_METER_INTERVAL_SECONDS: '3600' } });
});
afterAll(async () => {
  await t?.close();
});

describe('overage meter events', () => {
  it('reports each AI answer past the plan limit once, and counts the billing period', async () => {
    const { client, userId } = await person(t);
    await checkoutAndPay(t, client); // Expansão IA: 5,000 AI messages
    await storeAnswers(userId, 5_004);
    expect((await client.get('/api/usage')).json()).toMatchObject({ ai_messages: 5_004, max_ai_messages: 5_000 });

    const first = await t.app.billing.runMeterCycle();
    expect(first).toEqual({ queued: 4, reported: 4, failed: 0 });
    const customer = (await profileOf(t, userId)).stripeCustomerId!;
    const events = await t.database.db
      .select()
      .from(paymentsStandinMeterEvents)
      .where(eq(paymentsStandinMeterEvents.customerId, customer));
    expect(events).toHaveLength(4);
    const reports = await t.database.db
      .select()
      .from(billingMeterReports)
      .where(eq(billingMeterReports.userId, userId));
    expect(events.map((e) => e.identifier).sort()).toEqual(reports.map((r) => r.messageId).sort());
    expect(events.every((e) => e.value === 1 && e.eventName === 'vendai_ai_messages' && e.duplicates === 0)).toBe(true);
    // The overage rows are the latest answers (past the 5,000th), each a real AI message of the user.
    const overage = await t.database.db.execute(
      sql`select count(*)::int as n from messages where id in (select message_id from billing_meter_reports where user_id = ${userId}) and author = 'ai'`,
    );
    expect((overage as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(4);

    expect(await t.app.billing.runMeterCycle()).toEqual({ queued: 0, reported: 0, failed: 0 });

    // A crash after Stripe took two events but before they were marked: they are sent again and Stripe
    // refuses the known identifiers, so each message is still billed once.
    await t.database.db
      .execute(sql`update billing_meter_reports set reported_at = null, claimed_at = now() - interval '2 minutes'
      where message_id in (select message_id from billing_meter_reports where user_id = ${userId} order by message_id limit 2)`);
    await storeAnswers(userId, 1);
    expect(await t.app.billing.runMeterCycle()).toEqual({ queued: 1, reported: 3, failed: 0 });
    const after = await t.database.db
      .select()
      .from(paymentsStandinMeterEvents)
      .where(eq(paymentsStandinMeterEvents.customerId, customer));
    expect(after).toHaveLength(5);
    expect(after.reduce((sum, e) => sum + e.duplicates, 0)).toBe(2);
  });

  it('reports nothing for the free plan, which stops at its limit instead', async () => {
    const { userId } = await person(t);
    await storeAnswers(userId, 320);
    await t.app.billing.runMeterCycle();
    expect(
      await t.database.db.select().from(billingMeterReports).where(eq(billingMeterReports.userId, userId)),
    ).toHaveLength(0);
  });
});
