/**
 * Billing test helpers: people who check out through the local payments stand-in's pages (as a
 * browser would), and Stripe-shaped events signed with the stand-in's webhook secret.
 */
import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client.ts';
import { billingPlanChanges, plans, profiles } from '../../src/db/schema/index.ts';
import { MONTH_SECONDS, newId, standinPriceId, STANDIN_OVERAGE_PRICE } from '@vendai/payments-standin';
import type { TestApp, TestClient } from './test-app.ts';

export async function person(t: TestApp): Promise<{ client: TestClient; userId: string }> {
  const client = t.client();
  const body = await client.registerOk();
  const me = await client.get('/api/account/me');
  expect(me.statusCode, body.email).toBe(200);
  return { client, userId: me.json().user.id as string };
}

export async function planId(t: TestApp, slug: string): Promise<string> {
  const [row] = await t.database.db.select({ id: plans.id }).from(plans).where(eq(plans.slug, slug));
  return row!.id;
}

export const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

/** A form button on the stand-in's pages (checkout, portal): an empty form POST. */
export const postForm = (client: TestClient, url: string) =>
  client.request({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });

/** create-checkout-session, then 'Pagar' on the stand-in's checkout page; returns where it sent the browser. */
export async function checkoutAndPay(t: TestApp, client: TestClient, slug = 'expansao-ia'): Promise<string> {
  const res = await client.post('/api/billing/create-checkout-session', { planId: await planId(t, slug) });
  expect(res.statusCode, res.body).toBe(200);
  const page = await client.get(pathOf(res.json().checkout_url));
  expect(page.statusCode).toBe(200);
  const pay = await client.request({
    method: 'POST',
    url: `${pathOf(res.json().checkout_url)}/pagar`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  expect(pay.statusCode).toBe(303);
  return String(pay.headers.location);
}

export async function profileOf(t: TestApp, userId: string) {
  const [row] = await t.database.db.select().from(profiles).where(eq(profiles.id, userId));
  return row!;
}

export async function changesOf(t: TestApp, userId: string) {
  return t.database.db.select().from(billingPlanChanges).where(eq(billingPlanChanges.userId, userId));
}

export async function countRows(t: TestApp, table: string): Promise<number> {
  const r = (await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
    rows: { n: number }[];
  };
  return r.rows[0]!.n;
}

/** A subscription as Stripe would hold it, put straight into the stand-in (no events sent). */
export async function standinSubscription(
  t: TestApp,
  customerId: string,
  userId: string,
  slug = 'expansao-ia',
  status = 'active',
) {
  const standin = t.app.billing.standin!;
  const now = await standin.store.now(customerId);
  const item = (price: string, amount: number | null) => ({
    id: newId('si'),
    object: 'subscription_item',
    price: { id: price, object: 'price', unit_amount: amount },
    current_period_start: now,
    current_period_end: now + MONTH_SECONDS,
  });
  return standin.store.put('subscription', {
    id: newId('sub'),
    object: 'subscription',
    customer: customerId,
    status,
    metadata: { user_id: userId },
    cancel_at_period_end: false,
    canceled_at: null,
    ended_at: null,
    start_date: now,
    created: now,
    items: { object: 'list', data: [item(standinPriceId(slug), 4700), item(STANDIN_OVERAGE_PRICE, null)] },
  });
}

/** A Stripe-shaped event and its Stripe-Signature header (the stand-in's secret, the SDK's helper). */
export function signedEvent(t: TestApp, type: string, object: Record<string, unknown>, id = newId('evt')) {
  const payload = JSON.stringify({
    id,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    api_version: Stripe.API_VERSION,
    data: { object },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: t.app.billing.standin!.webhookSecret });
  return { id, payload, signature };
}

export function postEvent(t: TestApp, e: { payload: string; signature: string }) {
  return t.app.inject({
    method: 'POST',
    url: '/webhooks/stripe',
    payload: e.payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': e.signature },
  });
}

/** What an event of each allowed type carries about a subscription. */
export function eventObject(
  type: string,
  sub: { id: string; customer: string; metadata?: unknown },
  userId: string,
): Record<string, unknown> {
  if (type === 'checkout.session.completed') {
    return {
      id: newId('cs'),
      object: 'checkout.session',
      mode: 'subscription',
      status: 'complete',
      customer: sub.customer,
      client_reference_id: userId,
      subscription: sub.id,
    };
  }
  if (type.startsWith('invoice.')) {
    return {
      id: newId('in'),
      object: 'invoice',
      customer: sub.customer,
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id } },
    };
  }
  return { ...sub };
}

/**
 * `answers` customer questions each answered by the AI (two parts for every 10th answer: one AI
 * answer, as the engine counts it), in one conversation, from now on.
 */
export async function storeAnswers(db: Db, userId: string, answers: number): Promise<void> {
  const suffix = `${Date.now()}`.slice(-8);
  await db.execute(sql`
    with n as (insert into numbers (user_id, token, phone, instance_name, status) values (${userId}, 'tok', ${`55119${suffix}`}, ${`inst-${suffix}`}, 'CONECTADO') returning id),
    c as (insert into conversations (user_id, number_id, contact_jid) select ${userId}, n.id, '5511999990000@s.whatsapp.net' from n returning id)
    insert into messages (user_id, conv_id, direction, content, from_me, author, status, created_at)
    select ${userId}, c.id, x.direction, x.content, x.from_me, x.author, x.status, clock_timestamp() + (g * interval '10 microseconds') + x.offs
    from c, generate_series(1, ${answers}) g,
    lateral (values ('in', 'pergunta', false, 'contact', 'received', interval '0 microseconds'),
                    ('out', 'resposta', true, 'ai', 'sent', interval '1 microsecond'),
                    ('out', 'continuação', true, 'ai', case when g % 10 = 0 then 'sent' else 'none' end, interval '2 microseconds')) as x(direction, content, from_me, author, status, offs)
    where x.status <> 'none'`);
}
