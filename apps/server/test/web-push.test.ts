/**
 * Web Push to the members' phones (docs/decisions/067-web-push.md), end to end on the real app with the
 * simulator, the demo AI, the Pix stand-in and the local push service stand-in (PUSH_STANDIN_ENABLED; as
 * strict as a real push service: packages/push-standin/src/push-standin.test.ts), on PGlite and
 * PostgreSQL: subscriptions are the member's own (another account's → 404); a handoff, a draft, a Pix
 * paid and a number disconnected each reach the stand-in once, decrypted and read here; each member's
 * choices are honoured (the owner's and the assigned attendant's); the notification's 'Enviar' — the
 * route the service worker calls, the inbox's own — sends a draft exactly once when pressed twice; a
 * subscription the push service calls gone (410) is deleted.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  PUSH_ENDPOINT_INVALID,
  PUSH_KEYS_INVALID,
  PUSH_SUBSCRIPTION_NOT_FOUND,
  type PushMessage,
  type PushPreferences,
  type PushSettings,
} from '@vendai/contracts';
import { accountMembers, agentes, conversations, pushSubscriptions, replyDrafts } from '../src/db/schema/index.ts';
import { resultRows } from '../src/db/rows.ts';
import { HANDOFF_ANSWER } from '../src/domain/handoff/asks-for-person.ts';
import { attendantOf } from './helpers/attendant.ts';
import { customerSays, openShop, postWebhook, sentToCustomers, type Shop, waitFor } from './helpers/engine-harness.ts';
import { useEngineApp, waitEngineIdle } from './helpers/engine-test.ts';
import { orderById, pixShop, pressOnBankPage, standinPaymentsOf } from './helpers/pix-helpers.ts';
import type { TestClient } from './helpers/test-app.ts';

const e = useEngineApp({ AI_PROVIDER: 'demo', PUSH_STANDIN_ENABLED: 'true' });
const db = () => e.t.database.db;
const standin = () => e.t.app.webPush.standin!;

/** A browser of this member subscribing, as the web app does with PushManager.subscribe and the server's key. */
async function subscribeBrowser(client: TestClient) {
  const settings = (await client.get('/api/push')).json() as PushSettings;
  const browser = standin().subscribe(settings.publicKey!);
  const res = await client.post('/api/push/subscriptions', browser);
  expect(res.statusCode, res.body).toBe(201);
  return { ...browser, id: (res.json() as { id: string }).id };
}

const setPreferences = (client: TestClient, p: Partial<PushPreferences>) =>
  client.request({
    method: 'PUT',
    url: '/api/push/preferences',
    payload: { handoff: true, draft: true, pixPaid: true, numberDisconnected: true, ...p },
  });

/** What reached a browser, as its service worker reads it. */
const received = (endpoint: string): PushMessage[] =>
  standin()
    .delivered(endpoint)
    .map((d) => JSON.parse(d.text) as PushMessage);

const convOf = async (shop: Shop) =>
  (await db().select().from(conversations).where(eq(conversations.numberId, shop.number.id)))[0]!;

describe('subscriptions', () => {
  it("are the member's own: listed, deleted by them only; bad endpoints and keys are refused in Portuguese", async () => {
    const shop = await openShop(e);
    const initial = (await shop.client.get('/api/push')).json() as PushSettings;
    expect(initial.publicKey).toBe(e.t.app.webPush.publicKey);
    expect(initial.preferences).toEqual({ handoff: true, draft: true, pixPaid: true, numberDisconnected: true });
    expect(initial.subscriptions).toEqual([]);

    const browser = await subscribeBrowser(shop.client);
    const listed = ((await shop.client.get('/api/push')).json() as PushSettings).subscriptions;
    expect(listed).toEqual([
      { id: browser.id, service: new URL(standin().origin).host, createdAt: expect.any(String) },
    ]);
    // The same browser again: the same row, not a second one.
    expect((await shop.client.post('/api/push/subscriptions', browser)).statusCode).toBe(201);
    expect(((await shop.client.get('/api/push')).json() as PushSettings).subscriptions).toHaveLength(1);

    // Another account sees none of it and cannot delete it.
    const other = await openShop(e);
    expect(((await other.client.get('/api/push')).json() as PushSettings).subscriptions).toEqual([]);
    const foreign = await other.client.request({ method: 'DELETE', url: `/api/push/subscriptions/${browser.id}` });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe(PUSH_SUBSCRIPTION_NOT_FOUND);

    // Not a push service's address (the server would post to it), or keys of the wrong size.
    for (const endpoint of [
      'http://push.example.com/x',
      'https://127.0.0.1:9/x',
      'https://localhost/x',
      'https://intranet/x',
    ]) {
      const res = await shop.client.post('/api/push/subscriptions', { ...browser, endpoint });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().error.message).toBe(PUSH_ENDPOINT_INVALID);
    }
    const badKeys = await shop.client.post('/api/push/subscriptions', {
      ...browser,
      keys: { p256dh: 'abc', auth: 'x' },
    });
    expect(badKeys.statusCode).toBe(400);
    expect(badKeys.json().error.message).toBe(PUSH_KEYS_INVALID);

    expect(
      (await shop.client.request({ method: 'DELETE', url: `/api/push/subscriptions/${browser.id}` })).statusCode,
    ).toBe(204);
    expect(
      (await shop.client.request({ method: 'DELETE', url: `/api/push/subscriptions/${browser.id}` })).statusCode,
    ).toBe(404);
    expect((await e.t.client().get('/api/push')).statusCode).toBe(401);
  });
});

describe('notifications', () => {
  it("a customer asking for a person reaches the owner's phone once; each member's choice is honoured", async () => {
    const shop = await openShop(e);
    const attendant = await attendantOf(e, shop, '+5511912340001');
    const [member] = await db().select().from(accountMembers).where(eq(accountMembers.accountId, shop.userId));
    const ownerBrowser = await subscribeBrowser(shop.client);
    const attendantBrowser = await subscribeBrowser(attendant);
    const customer = { phone: '5511977770101', name: 'Carla Dias' };

    await customerSays(e, shop, 'Quero falar com um atendente, por favor', customer);
    await waitFor(async () => received(ownerBrowser.endpoint).length === 1, 'the push on the owner phone');
    await waitEngineIdle(e, shop);
    const conv = await convOf(shop);
    expect(received(ownerBrowser.endpoint)).toEqual([
      {
        kind: 'handoff',
        title: 'Cliente pediu uma pessoa',
        body: 'Carla Dias quer falar com alguém da equipe. A IA parou nesta conversa.',
        tag: `handoff:${conv.id}`,
        url: `/dashboard?conversa=${conv.id}`,
      },
    ]);
    const [delivery] = standin().delivered(ownerBrowser.endpoint);
    expect(delivery!.ttl).toBe(86_400);
    expect(delivery!.urgency).toBe('high');
    // The conversation is not the attendant's: nothing for them.
    expect(received(attendantBrowser.endpoint)).toEqual([]);
    expect((await sentToCustomers(e, shop)).map((m) => m.text)).toContain(HANDOFF_ANSWER);

    // The owner switches handoffs off; the conversation is now the attendant's, who keeps them on.
    const prefs = await setPreferences(shop.client, { handoff: false });
    expect(prefs.statusCode, prefs.body).toBe(200);
    await db().update(conversations).set({ assignedUserId: member!.userId }).where(eq(conversations.id, conv.id));
    await e.t.app.deps.events.deliver([
      { name: 'handoff.requested', payload: { userId: shop.userId, convId: conv.id, reason: 'de novo' } },
    ]);
    expect(received(attendantBrowser.endpoint).map((m) => m.kind)).toEqual(['handoff']);
    expect(received(ownerBrowser.endpoint)).toHaveLength(1);
    // The attendant's own choice: off too, and nobody is told.
    expect((await setPreferences(attendant, { handoff: false })).statusCode).toBe(200);
    expect(((await shop.client.get('/api/push')).json() as PushSettings).preferences.handoff).toBe(false);
    await e.t.app.deps.events.deliver([
      { name: 'handoff.requested', payload: { userId: shop.userId, convId: conv.id, reason: 'outra vez' } },
    ]);
    expect(received(attendantBrowser.endpoint)).toHaveLength(1);
    expect(received(ownerBrowser.endpoint)).toHaveLength(1);
  });

  it("a draft to approve carries its text and the actions; 'Enviar' pressed twice sends it once", async () => {
    const shop = await openShop(e);
    await db().update(agentes).set({ approvalMode: true }).where(eq(agentes.id, shop.agentId));
    const browser = await subscribeBrowser(shop.client);
    const customer = { phone: '5511977770202', name: 'Rui Campos' };
    await customerSays(e, shop, 'Oi, vocês abrem no sábado?', customer);
    await waitFor(async () => received(browser.endpoint).length === 1, 'the draft push');
    const [draft] = await db().select().from(replyDrafts).where(eq(replyDrafts.userId, shop.userId));
    const [message] = received(browser.endpoint);
    expect(message).toMatchObject({
      kind: 'draft',
      title: 'Resposta para Rui Campos aguarda aprovação',
      tag: `draft:${draft!.id}`,
      url: `/dashboard?conversa=${draft!.convId}`,
      draft: { convId: draft!.convId, draftId: draft!.id },
    });
    expect(message!.body).toBe((draft!.parts as string[]).join('\n').slice(0, 300));

    // The service worker's 'Enviar': the inbox's route, with the member's session; twice (a double tap).
    const send = () => shop.client.post(`/api/conversations/${draft!.convId}/drafts/${draft!.id}/send`, {});
    const [first, second] = [await send(), await send()];
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe('Esta sugestão já foi enviada.');
    await waitEngineIdle(e, shop);
    const toCustomer = (await sentToCustomers(e, shop)).filter((m) => m.remoteJid.startsWith(customer.phone));
    expect(toCustomer).toHaveLength((draft!.parts as string[]).length);
    // 'Descartar' after it went: refused, nothing changes.
    const discard = await shop.client.post(`/api/conversations/${draft!.convId}/drafts/${draft!.id}/discard`, {});
    expect(discard.statusCode).toBe(409);
  });

  it('a Pix paid and a number disconnected reach the owner; a subscription gone at the push service is deleted', async () => {
    const customer = { phone: '5511977770303', name: 'Paula Reis' };
    const { shop, convId } = await pixShop(e, customer);
    const gone = await subscribeBrowser(shop.client);
    const browser = await subscribeBrowser(shop.client);
    standin().expire(gone.endpoint);
    const item = await shop.client.post('/api/catalogue', { name: 'Camiseta básica', priceCents: 4990 });
    expect(item.statusCode, item.body).toBe(201);
    await customerSays(e, shop, 'Quero 2 camisetas básicas', customer);
    let orderId = '';
    await waitFor(
      async () => {
        const [row] = resultRows<{ id: string }>(
          await db().execute(sql`select id from orders where conv_id = ${convId}`),
        );
        orderId = row?.id ?? '';
        return orderId !== '' && (await orderById(e, orderId)).status === 'awaiting_payment';
      },
      'the charge sent',
      20_000,
    );
    const [payment] = await standinPaymentsOf(e, orderId);
    await pressOnBankPage(shop, payment!.id, 'pagar');
    await waitFor(async () => received(browser.endpoint).some((m) => m.kind === 'pixPaid'), 'the Pix push');
    expect(received(browser.endpoint).find((m) => m.kind === 'pixPaid')).toEqual({
      kind: 'pixPaid',
      title: 'Pix pago',
      body: 'Paula Reis pagou R$ 99,80 com Pix.',
      tag: `pix:${orderId}`,
      url: `/dashboard?conversa=${convId}`,
    });
    // The push service said 410 for the dropped browser: its row is gone, the other stays.
    const rows = await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.accountId, shop.userId));
    expect(rows.map((r) => r.id)).toEqual([browser.id]);
    expect(
      standin()
        .refused()
        .filter((r) => r.endpoint === gone.endpoint)
        .map((r) => r.status),
    ).toEqual([410]);

    // The gateway reports the number's connection closed.
    await postWebhook(e, shop, 'connection.update', {
      instance: shop.number.instanceName,
      state: 'close',
      statusReason: 401,
    });
    await waitFor(
      async () => received(browser.endpoint).some((m) => m.kind === 'numberDisconnected'),
      'the number push',
    );
    expect(received(browser.endpoint).find((m) => m.kind === 'numberDisconnected')).toMatchObject({
      title: 'Número desconectado',
      tag: `number:${shop.number.id}`,
      url: '/instances-management',
    });
  });
});
