/**
 * Meta's Conversions API for business messaging (docs/decisions/071-ad-attribution.md;
 * https://developers.facebook.com/documentation/ads-commerce/conversions-api/business-messaging): the owner
 * connects a dataset (the token stored sealed, never shown again); a hot lead that came from an ad is one
 * 'LeadSubmitted' and a paid order one 'Purchase' (value, BRL), with action_source 'business_messaging',
 * messaging_channel 'whatsapp', the click id and the WABA id, each once however often the engine delivers the
 * event, retried after Meta's transient error; no event without a ctwa_clid; a token Meta refuses fails the
 * event (no endless retries) and shows in the log. Events go to the local stand-in (CAPI_STANDIN_ENABLED).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capiDatasets, conversations, orders } from '../src/db/schema/index.ts';
import { type EngineApp, openShop, type Shop, startEngineApp, waitFor } from './helpers/engine-harness.ts';

let e: EngineApp;
let shop: Shop;
const TOKEN = 'EAAGm0PX4ZCpsBAKtestTokenForCapi';

beforeAll(async () => {
  e = await startEngineApp({ CAPI_STANDIN_ENABLED: 'true' });
  shop = await openShop(e, { kind: 'cloud' });
});
afterAll(async () => {
  await e?.close();
});

const standin = () => e.t.app.capi.standin!;
const put = (payload: object) => shop.client.request({ method: 'PUT', url: '/api/capi', payload });
const log = async () =>
  (await shop.client.get('/api/capi')).json().events as {
    eventName: string;
    state: string;
    lastError: string | null;
  }[];

/** A customer writes from an ad on the simulator (with or without Meta's click id); the conversation's id. */
async function fromAd(phone: string, noClickId = false): Promise<string> {
  const res = await shop.client.post(`/simulator/ui-api/cloud/numbers/${shop.cloud!.phoneNumberId}/messages`, {
    waId: phone,
    name: 'Cliente',
    text: 'Oi, vi o anúncio',
    ad: { headline: 'Bolo no pote', sourceId: '120210000000000001', noClickId },
  });
  expect(res.statusCode).toBe(201);
  let convId = '';
  await waitFor(async () => {
    const [c] = await e.t.database.db
      .select()
      .from(conversations)
      .where(eq(conversations.contactJid, `${phone}@s.whatsapp.net`));
    convId = c?.id ?? '';
    return convId !== '';
  }, 'conversation stored');
  return convId;
}

async function paidOrder(convId: string, cents: number): Promise<string> {
  const [o] = await e.t.database.db
    .insert(orders)
    .values({
      userId: shop.userId,
      convId,
      source: 'ai',
      originKey: `capi-test:${convId}:${cents}`,
      description: 'Bolo no pote',
      totalCents: cents,
      status: 'paid',
      paidAt: new Date(),
    })
    .returning();
  return o!.id;
}

const deliver = (events: Parameters<EngineApp['t']['app']['deps']['events']['deliver']>[0]) =>
  e.t.app.deps.events.deliver(events);

describe('Conversions API', () => {
  it('refuses a dataset id that is not a number, in Portuguese; keeps the token sealed', async () => {
    const bad = await put({ datasetId: 'abc', accessToken: TOKEN });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('conjunto de dados');
    const ok = await put({ datasetId: '1234567890123', accessToken: TOKEN });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ connected: true, datasetId: '1234567890123' });
    expect(ok.body).not.toContain(TOKEN);
    const [row] = await e.t.database.db.select().from(capiDatasets).where(eq(capiDatasets.userId, shop.userId));
    expect(row!.tokenSealed).not.toContain(TOKEN);
  });

  it('sends LeadSubmitted and Purchase once each, as business messaging events', async () => {
    const convId = await fromAd('5511944440001');
    const orderId = await paidOrder(convId, 4550);
    const lead = { name: 'lead.hot' as const, payload: { userId: shop.userId, convId } };
    const paid = { name: 'order.paid' as const, payload: { userId: shop.userId, convId, orderId, late: false } };
    // The events job delivers at least once: twice here.
    await deliver([lead, paid]);
    await deliver([lead, paid]);
    await waitFor(async () => (await log()).filter((l) => l.state === 'sent').length === 2, 'both events sent');
    const got = standin()
      .received()
      .filter((r) => String(r.event.event_id).endsWith(convId) || String(r.event.event_id).endsWith(orderId));
    expect(got.map((r) => r.event.event_name).sort()).toEqual(['LeadSubmitted', 'Purchase']);
    const purchase = got.find((r) => r.event.event_name === 'Purchase')!;
    expect(purchase.datasetId).toBe('1234567890123');
    expect(purchase.event).toMatchObject({
      event_id: `purchase:${orderId}`,
      action_source: 'business_messaging',
      messaging_channel: 'whatsapp',
      user_data: { ctwa_clid: expect.stringMatching(/^ARA/), whatsapp_business_account_id: expect.any(String) },
      custom_data: { value: 45.5, currency: 'BRL' },
    });
  });

  it('tries again after Meta’s transient error, and still sends once', async () => {
    const convId = await fromAd('5511944440002');
    const orderId = await paidOrder(convId, 1000);
    standin().failNext(1);
    await deliver([{ name: 'order.paid', payload: { userId: shop.userId, convId, orderId, late: false } }]);
    await waitFor(
      () =>
        standin()
          .received()
          .some((r) => r.event.event_id === `purchase:${orderId}`),
      'the Purchase sent after the retry',
      30_000,
    );
    expect(
      standin()
        .received()
        .filter((r) => r.event.event_id === `purchase:${orderId}`),
    ).toHaveLength(1);
  });

  it('reports nothing for a customer without Meta’s click id', async () => {
    const convId = await fromAd('5511944440003', true);
    const orderId = await paidOrder(convId, 2000);
    const before = (await log()).length;
    await deliver([{ name: 'order.paid', payload: { userId: shop.userId, convId, orderId, late: false } }]);
    expect((await log()).length).toBe(before);
    expect(
      standin()
        .received()
        .some((r) => r.event.event_id === `purchase:${orderId}`),
    ).toBe(false);
  });

  it('a token Meta refuses fails the event once, shown in the log', async () => {
    expect((await put({ datasetId: '1234567890123', accessToken: 'not-a-meta-token-at-all-xyz' })).statusCode).toBe(
      200,
    );
    const convId = await fromAd('5511944440004');
    const orderId = await paidOrder(convId, 3000);
    await deliver([{ name: 'order.paid', payload: { userId: shop.userId, convId, orderId, late: false } }]);
    await waitFor(async () => (await log()).some((l) => l.state === 'failed'), 'the event failed');
    expect((await log()).find((l) => l.state === 'failed')!.lastError).toContain('Token recusado');
  });
});
