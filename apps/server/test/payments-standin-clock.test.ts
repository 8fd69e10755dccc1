/**
 * The payments stand-in's test clock belongs to one customer, like a Stripe test clock: 'Avançar o
 * relógio' on one person's portal renews (or ends) that person's subscription only; everyone else's
 * period stays where it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutAndPay, pathOf, person, postForm } from './helpers/billing-helpers.ts';
import { createTestApp, type TestApp, type TestClient } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { BILLING_METER_INTERVAL_SECONDS: '3600' } });
});
afterAll(async () => {
  await t?.close();
});

async function statusOf(client: TestClient) {
  const res = await client.get('/api/billing/status');
  expect(res.statusCode).toBe(200);
  return res.json() as { status: string; currentPeriodEnd: string; cancelAtPeriodEnd: boolean };
}

describe('the stand-in’s test clock', () => {
  it('moves the caller’s subscription only', async () => {
    const ana = await person(t);
    const bruno = await person(t);
    await checkoutAndPay(t, ana.client);
    await checkoutAndPay(t, bruno.client);
    const anaBefore = await statusOf(ana.client);
    const brunoBefore = await statusOf(bruno.client);
    expect(anaBefore.status).toBe('active');

    const portalPath = pathOf((await ana.client.post('/api/billing/create-portal-session', {})).json().url);
    expect((await postForm(ana.client, `${portalPath}/avancar-relogio`)).statusCode).toBe(303);

    // Ana's subscription renewed: a new period about 30 days later.
    const anaAfter = await statusOf(ana.client);
    const days = (Date.parse(anaAfter.currentPeriodEnd) - Date.parse(anaBefore.currentPeriodEnd)) / 86_400_000;
    expect(days).toBe(30);
    expect(anaAfter.status).toBe('active');
    // Bruno's did not move, in the app or at the stand-in.
    expect(await statusOf(bruno.client)).toEqual(brunoBefore);
    const standin = t.app.billing.standin!;
    const subs = await standin.store.list('subscription');
    const brunoSub = subs.find((s) => s.metadata?.user_id === bruno.userId)!;
    expect(new Date(brunoSub.items.data[0].current_period_end * 1000).toISOString()).toBe(brunoBefore.currentPeriodEnd);
    // The portal shows each customer their own clock.
    const brunoPortal = pathOf((await bruno.client.post('/api/billing/create-portal-session', {})).json().url);
    const today = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date());
    expect((await bruno.client.get(brunoPortal)).body).toContain(today);
  });
});
