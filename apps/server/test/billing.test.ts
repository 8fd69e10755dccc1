/**
 * Plans and billing (docs/decisions/012-payments-stripe-and-local-stand-in.md) against the local payments stand-in: the real SDK calls over HTTP,
 * the stand-in's pages as a browser uses them, and webhooks signed with the SDK's own helper.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingEvents, billingSubscriptions } from '../src/db/schema/index.ts';
import { HANDLED_EVENTS } from '../src/modules/billing/receive-stripe-event.ts';
import {
  changesOf,
  checkoutAndPay,
  countRows,
  eventObject,
  pathOf,
  person,
  planId,
  postEvent,
  postForm,
  profileOf,
  signedEvent,
  standinSubscription,
} from './helpers/billing-helpers.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { BILLING_METER_INTERVAL_SECONDS: '3600' } });
});
afterAll(async () => {
  await t?.close();
});

describe('plans and the free plan', () => {
  it('lists the active plans by sort order and activates the free plan at once', async () => {
    const { client, userId } = await person(t);
    const list = await client.get('/api/plans');
    expect(list.json().map((p: { slug: string }) => p.slug)).toEqual([
      'freemium',
      'expansao-ia',
      'consciencia-vendai',
      'sem-limites',
    ]);
    expect(list.json()[0]).not.toHaveProperty('stripePriceId');

    const ok = await client.post('/api/billing/activate-free-plan', { planId: await planId(t, 'freemium') });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().plan.slug).toBe('freemium');
    expect((await profileOf(t, userId)).activePlanId).toBe(await planId(t, 'freemium'));

    const paid = await client.post('/api/billing/activate-free-plan', { planId: await planId(t, 'expansao-ia') });
    expect(paid.statusCode).toBe(400);
    const missing = await client.post('/api/billing/activate-free-plan', { planId: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('Plano não fornecido');
  });

  it('answers sem-limites (no price) with the sales chat instead of a checkout', async () => {
    const { client } = await person(t);
    const res = await client.post('/api/billing/create-checkout-session', { planId: await planId(t, 'sem-limites') });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('Consultar Valores');
    const status = await client.get('/api/billing/status');
    expect(status.json()).toMatchObject({
      salesUrl: expect.stringMatching(/^https:\/\/wa\.me\//),
      paymentsEnabled: true,
      paymentFailed: false,
    });
  });
});

describe('checkout through the stand-in', () => {
  it('subscribes, raises the limits at once, and keeps one Stripe customer per user', async () => {
    const { client, userId } = await person(t);
    expect((await client.get('/api/usage')).json()).toMatchObject({
      max_ai_responses: 1,
      max_instances: 1,
      max_ai_messages: 300,
      max_trainnings: 5,
    });

    const first = await client.post('/api/billing/create-checkout-session', { planId: await planId(t, 'expansao-ia') });
    expect(first.statusCode).toBe(200);
    expect(first.json().checkout_url).toMatch(/^http:\/\/localhost:3000\/pagamentos-local\/checkout\/cs_local_/);
    const customer = (await profileOf(t, userId)).stripeCustomerId;
    expect(customer).toMatch(/^cus_local_/);
    const page = await client.get(pathOf(first.json().checkout_url));
    expect(page.body).toContain('Expansão IA');
    expect(page.body).toMatch(/US\$\s47,00/);
    expect(page.body).toContain('>Pagar<');
    expect(page.body).toContain('>Cancelar<');

    // Cancelar: back to /pricing, nothing changed.
    const cancel = await postForm(client, `${pathOf(first.json().checkout_url)}/cancelar`);
    expect(cancel.headers.location).toBe('http://localhost:3000/pricing?checkout=cancelled');
    expect((await client.get('/api/account/me')).json().planLabel).toBe('Gratuito');

    const back = await checkoutAndPay(t, client);
    expect(back).toMatch(/^http:\/\/localhost:3000\/dashboard\?checkout=success&session_id=cs_local_/);
    expect((await profileOf(t, userId)).stripeCustomerId).toBe(customer);
    const me = (await client.get('/api/account/me')).json();
    expect(me.planLabel).toBe('Expansão IA');
    expect(me.profile.subscriptionStatus).toBe('active');
    expect((await client.get('/api/usage')).json()).toMatchObject({
      max_ai_responses: 3,
      max_instances: 2,
      max_ai_messages: 5000,
      max_trainnings: 15,
    });
    expect(await changesOf(t, userId)).toHaveLength(1);

    // The success page confirms the session: same state, no second change.
    const sessionId = new URL(back).searchParams.get('session_id')!;
    const confirm = await client.post('/api/billing/confirm-checkout', { sessionId });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    expect(await changesOf(t, userId)).toHaveLength(1);

    const again = await client.post('/api/billing/create-checkout-session', { planId: await planId(t, 'expansao-ia') });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Este já é o seu plano atual.');
  });

  it('lets nobody check out, confirm or open the portal for someone else', async () => {
    const a = await person(t);
    const back = await checkoutAndPay(t, a.client);
    const b = await person(t);
    const aCustomer = (await profileOf(t, a.userId)).stripeCustomerId;

    // Extra fields naming another user or customer are not part of the contract: B gets B's own session.
    const res = await b.client.post('/api/billing/create-checkout-session', {
      planId: await planId(t, 'expansao-ia'),
      userId: a.userId,
      customer: aCustomer,
    });
    expect(res.statusCode).toBe(200);
    const session = await t.app.billing.standin!.store.get(
      'checkout.session',
      pathOf(res.json().checkout_url).split('/').pop()!,
    );
    expect(session!.client_reference_id).toBe(b.userId);
    expect(session!.customer).toBe((await profileOf(t, b.userId)).stripeCustomerId);
    expect(session!.customer).not.toBe(aCustomer);

    const confirm = await b.client.post('/api/billing/confirm-checkout', {
      sessionId: new URL(back).searchParams.get('session_id'),
    });
    expect(confirm.statusCode).toBe(404);
    expect((await b.client.get('/api/account/me')).json().planLabel).toBe('Gratuito');

    const portal = await b.client.post('/api/billing/create-portal-session', {});
    expect(portal.statusCode).toBe(409); // B is on the free plan: 'Plano Gratuito', never A's portal
    const own = await a.client.post('/api/billing/create-portal-session', {});
    expect(own.statusCode).toBe(200);
    const portalSession = await t.app.billing.standin!.store.get(
      'billing_portal.session',
      pathOf(own.json().url).split('/').pop()!,
    );
    expect(portalSession!.customer).toBe(aCustomer);

    const anonymous = await t.client().post('/api/billing/create-portal-session', {});
    expect(anonymous.statusCode).toBe(401);
  });

  it('sends a paid user without a stored customer to Acesso Indisponível', async () => {
    const { client, userId } = await person(t);
    await t.database.db.execute(
      (await import('drizzle-orm'))
        .sql`update profiles set active_plan_id = ${await planId(t, 'sem-limites')} where id = ${userId}`,
    );
    const res = await client.post('/api/billing/create-portal-session', {});
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Acesso Indisponível');
  });
});

describe('POST /webhooks/stripe', () => {
  it('answers a bad signature with 400 and changes nothing', async () => {
    const { client, userId } = await person(t);
    await client.post('/api/billing/create-checkout-session', { planId: await planId(t, 'expansao-ia') });
    const sub = await standinSubscription(t, (await profileOf(t, userId)).stripeCustomerId!, userId);
    const e = signedEvent(t, 'customer.subscription.created', sub);
    const events = await countRows(t, 'billing_events');
    for (const signature of [
      e.signature.replace(/v1=([0-9a-f])/, (_m, c: string) => `v1=${c === '0' ? '1' : '0'}`),
      't=1,v1=abc',
      '',
    ]) {
      const res = await postEvent(t, { payload: e.payload, signature });
      expect(res.statusCode).toBe(400);
    }
    const tampered = await postEvent(t, {
      payload: e.payload.replace('"active"', '"trialing"'),
      signature: e.signature,
    });
    expect(tampered.statusCode).toBe(400);
    expect(await countRows(t, 'billing_events')).toBe(events);
    expect(await changesOf(t, userId)).toHaveLength(0);
    expect((await client.get('/api/account/me')).json().planLabel).toBe('Gratuito');
  });

  it.each([...HANDLED_EVENTS])('applies %s once when it is delivered 5 times', async (type) => {
    const { client, userId } = await person(t);
    await client.post('/api/billing/create-checkout-session', { planId: await planId(t, 'expansao-ia') });
    const sub = await standinSubscription(t, (await profileOf(t, userId)).stripeCustomerId!, userId);
    const e = signedEvent(t, type, eventObject(type, sub as never, userId));
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await postEvent(t, e)).json());
    expect(answers[0]).toEqual({ received: true });
    expect(answers.slice(1)).toEqual(Array(4).fill({ received: true, duplicate: true }));
    expect(await t.database.db.select().from(billingEvents).where(eq(billingEvents.id, e.id))).toHaveLength(1);
    expect(await changesOf(t, userId)).toHaveLength(1);
    expect((await client.get('/api/account/me')).json().planLabel).toBe('Expansão IA');
  });

  it('ignores event types off the allow-list', async () => {
    const e = signedEvent(t, 'charge.succeeded', { id: 'ch_1', object: 'charge' });
    const res = await postEvent(t, e);
    expect(res.json()).toEqual({ received: true, ignored: true });
    expect(await t.database.db.select().from(billingEvents).where(eq(billingEvents.id, e.id))).toHaveLength(0);
  });

  it('takes subscription.updated arriving before checkout.session.completed, and the truth from Stripe', async () => {
    const { client, userId } = await person(t);
    await client.post('/api/billing/create-checkout-session', { planId: await planId(t, 'expansao-ia') });
    const sub = await standinSubscription(
      t,
      (await profileOf(t, userId)).stripeCustomerId!,
      userId,
      'consciencia-vendai',
    );
    // The event's body claims expansao-ia and 'canceled'; Stripe (re-read) says consciência, active.
    const lying = { ...sub, status: 'canceled', items: { object: 'list', data: [] } };
    expect((await postEvent(t, signedEvent(t, 'customer.subscription.updated', lying))).statusCode).toBe(200);
    expect((await client.get('/api/account/me')).json().planLabel).toBe('Consciência VendAI');
    await postEvent(
      t,
      signedEvent(t, 'checkout.session.completed', eventObject('checkout.session.completed', sub as never, userId)),
    );
    expect((await client.get('/api/account/me')).json().planLabel).toBe('Consciência VendAI');
    expect(await changesOf(t, userId)).toHaveLength(1);
    const [row] = await t.database.db
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.userId, userId));
    expect(row!.subscriptionId).toBe(sub.id);
  });
});

describe('portal: cancel, change plan, failed payment', () => {
  it('keeps the paid plan until the period ends, then returns to the free plan and its limits', async () => {
    const { client, userId } = await person(t);
    await checkoutAndPay(t, client);
    const portal = await client.post('/api/billing/create-portal-session', {});
    expect(portal.statusCode).toBe(200);
    const portalPath = pathOf(portal.json().url);
    expect((await client.get(portalPath)).body).toContain('Cancelar assinatura');

    expect((await postForm(client, `${portalPath}/cancelar`)).statusCode).toBe(303);
    let status = (await client.get('/api/billing/status')).json();
    expect(status).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect((await client.get('/api/account/me')).json().planLabel).toBe('Expansão IA');
    expect((await client.get('/api/usage')).json().max_ai_responses).toBe(3);

    // The stand-in's test clock passes the period's end: Stripe ends the subscription.
    expect((await postForm(client, `${portalPath}/avancar-relogio`)).statusCode).toBe(303);
    const me = (await client.get('/api/account/me')).json();
    expect(me.planLabel).toBe('Gratuito');
    expect(me.profile.subscriptionStatus).toBe('canceled');
    expect((await client.get('/api/usage')).json()).toMatchObject({ max_ai_responses: 1, max_ai_messages: 300 });
    status = (await client.get('/api/billing/status')).json();
    expect(status.cancelAtPeriodEnd).toBe(false);
    expect((await changesOf(t, userId)).map((c) => c.status)).toEqual(['active', 'canceled']);
    // Free again: the portal shows 'Plano Gratuito', and a new checkout is possible.
    expect((await client.post('/api/billing/create-portal-session', {})).statusCode).toBe(409);
    expect(
      (await client.post('/api/billing/create-checkout-session', { planId: await planId(t, 'expansao-ia') }))
        .statusCode,
    ).toBe(200);
  });

  it('changes the plan from the portal and flags a failed payment', async () => {
    const { client } = await person(t);
    await checkoutAndPay(t, client);
    const portalPath = pathOf((await client.post('/api/billing/create-portal-session', {})).json().url);
    const price = 'price_local_consciencia-vendai';
    const change = await client.request({
      method: 'POST',
      url: `${portalPath}/trocar-plano`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `price=${price}`,
    });
    expect(change.statusCode).toBe(303);
    expect((await client.get('/api/account/me')).json().planLabel).toBe('Consciência VendAI');
    expect((await client.get('/api/usage')).json().max_ai_responses).toBe(5);

    await postForm(client, `${portalPath}/falha-pagamento`);
    const status = (await client.get('/api/billing/status')).json();
    expect(status).toMatchObject({ status: 'past_due', paymentFailed: true });
    expect((await client.get('/api/account/me')).json().planLabel).toBe('Consciência VendAI');
  });
});
