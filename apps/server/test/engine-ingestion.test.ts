import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conversations, messages } from '../src/db/schema/index.ts';
import {
  customerSays,
  deliverCustomerText,
  openShop,
  postWebhook,
  type Shop,
  sentToCustomers,
  waitFor,
} from './helpers/engine-harness.ts';
import { cloudInbound, cloudStatus, postMetaWebhook, queueCloudErrors, SHOP_KINDS } from './helpers/cloud-shop.ts';
import { useEngineApp, waitEngineIdle, waitEventsProcessed } from './helpers/engine-test.ts';
import { CUSTOMER_JID, CUSTOMER_LID, CUSTOMER_PHONE, fixtures, GROUP_JID, newId } from './fixtures/engine-webhooks.ts';

const e = useEngineApp();

const db = () => e.t.database.db;
const messagesOf = async (numberId: string) =>
  db()
    .select({ m: messages })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.convId))
    .where(eq(conversations.numberId, numberId))
    .then((rows) => rows.map((r) => r.m));
const waitStored = (numberId: string, n: number) =>
  waitFor(async () => (await messagesOf(numberId)).length >= n, `${n} messages stored`);

// QR only: these post Evolution's webhook shapes (message types, groups, @lid, its echo of our own sends,
// contacts.upsert, malformed bodies); the Cloud API's shapes are checked in map-cloud-webhook.test.ts.
describe('ingestion of gateway webhooks (QR number)', () => {
  it('applies many webhooks arriving at once together: every message once, per-contact counts and previews, one reply each', async () => {
    // Delay 2 s: the counts and previews are checked before the answers arrive.
    const shop = await openShop(e, { timing: 2 });
    const contacts = Array.from({ length: 10 }, (_, i) => `55219988800${String(i).padStart(2, '0')}`);
    const sentAt = Math.floor(Date.now() / 1000);
    const posts = contacts.flatMap((phone, c) =>
      [1, 2, 3].map((n) =>
        postWebhook(
          e,
          shop,
          'messages.upsert',
          fixtures.text(`Cliente ${c}, mensagem ${n}`, {
            key: { remoteJid: `${phone}@s.whatsapp.net` },
            pushName: `Cliente ${c}`,
            timestamp: sentAt,
          }),
        ),
      ),
    );
    // The same message delivered twice more while the batch forms: stored once.
    const dup = fixtures.text('Mensagem repetida', {
      key: { remoteJid: `${contacts[0]}@s.whatsapp.net` },
      pushName: 'Cliente 0',
      timestamp: sentAt,
    });
    posts.push(postWebhook(e, shop, 'messages.upsert', dup), postWebhook(e, shop, 'messages.upsert', dup));
    await Promise.all(posts);
    const inbound = async () => (await messagesOf(shop.number.id)).filter((m) => m.direction === 'in');
    await waitFor(async () => (await inbound()).length >= 31, '31 customer messages stored');
    await waitEventsProcessed(e, shop);
    expect(await inbound()).toHaveLength(31);
    const convs = await db().select().from(conversations).where(eq(conversations.numberId, shop.number.id));
    expect(convs).toHaveLength(10);
    for (const conv of convs) {
      const c = contacts.indexOf(conv.contactPhone!);
      expect(conv).toMatchObject({
        contactName: `Cliente ${c}`,
        unreadCount: c === 0 ? 4 : 3,
        type: 'chat',
        agenteAtivo: true,
      });
      expect(conv.lastMessagePreview).toMatch(
        c === 0 ? /^(Cliente 0, mensagem \d|Mensagem repetida)$/ : new RegExp(`^Cliente ${c}, mensagem \\d$`),
      );
    }
    // One burst per contact: one reply each, never two.
    await waitFor(
      async () => new Set((await sentToCustomers(e, shop)).map((m) => m.remoteJid)).size === 10,
      'a reply to each contact',
      20_000,
    );
    await waitEngineIdle(e, shop);
    expect(await sentToCustomers(e, shop)).toHaveLength(10);
  });

  it('stores every message type with its content and media, in one conversation per contact', async () => {
    const shop = await openShop(e, { linkAgent: false });
    const cases = [
      [fixtures.text('Olá!'), 'text'],
      [fixtures.extendedText('Vi o anúncio'), 'text'],
      [fixtures.image(), 'image'],
      [fixtures.image(false), 'image'],
      [fixtures.video(), 'video'],
      [fixtures.voiceNote(), 'audio'],
      [fixtures.audio(), 'audio'],
      [fixtures.document(), 'document'],
      [fixtures.sticker(), 'sticker'],
      [fixtures.location(), 'location'],
      [fixtures.contact(), 'contact'],
      [fixtures.poll(), 'unsupported'],
    ] as const;
    for (const [data] of cases) await postWebhook(e, shop, 'messages.upsert', data);
    await waitStored(shop.number.id, cases.length);
    const stored = await messagesOf(shop.number.id);
    for (const [data, type] of cases) {
      const m = stored.find((s) => s.externalId === data.key.id)!;
      expect(m, data.messageType).toMatchObject({
        messageType: type,
        direction: 'in',
        author: 'contact',
        fromMe: false,
        status: 'received',
      });
    }
    const byType = (t: string) => stored.filter((s) => s.messageType === t);
    const image = stored.find((s) => s.externalId === cases[2][0].key.id)!;
    expect(image).toMatchObject({
      content: 'Olha essa foto',
      mediaMimetype: 'image/png',
      mediaWidth: 1,
      mediaHeight: 1,
    });
    expect(image.mediaUrl).toMatch(/^\/api\/media\//);
    // The stored file is served to its owner.
    const file = await shop.client.get(image.mediaUrl!);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    // No base64 in the webhook: the gateway's media call is asked; the message is stored either way.
    expect(stored.find((s) => s.externalId === cases[3][0].key.id)).toMatchObject({
      messageType: 'image',
      mediaMimetype: 'image/png',
    });
    expect(byType('audio').find((m) => m.mediaDuration === 7)).toBeTruthy();
    expect(byType('document')[0]).toMatchObject({
      mediaFilename: 'orcamento.pdf',
      mediaSize: expect.any(Number),
      content: 'Segue o orçamento',
    });
    expect(JSON.parse(byType('location')[0]!.content!)).toEqual({
      address: 'Loja Paulista — Av. Paulista, 1000 - São Paulo',
      lat: -23.5613,
      lng: -46.6565,
    });
    expect(JSON.parse(byType('contact')[0]!.content!)).toEqual({ name: 'João Pereira', phone: '5521977776666' });

    const convs = await db().select().from(conversations).where(eq(conversations.numberId, shop.number.id));
    expect(convs).toHaveLength(1);
    expect(convs[0]).toMatchObject({
      contactJid: CUSTOMER_JID,
      contactPhone: CUSTOMER_PHONE,
      contactName: 'Carla Dias',
      type: 'chat',
      agenteAtivo: true,
      unreadCount: cases.length,
    });
    expect(convs[0]!.lastMessagePreview).toBe('Mensagem não suportada');
  });

  it('stores group messages in a group conversation with the AI off, and never answers there', async () => {
    const shop = await openShop(e);
    await postWebhook(e, shop, 'messages.upsert', fixtures.group('Alguém sabe o preço?'));
    await waitStored(shop.number.id, 1);
    await waitEngineIdle(e, shop);
    const [conv] = await db().select().from(conversations).where(eq(conversations.numberId, shop.number.id));
    expect(conv).toMatchObject({
      contactJid: GROUP_JID,
      type: 'group',
      agenteAtivo: false,
      contactPhone: null,
      contactName: null,
    });
    expect(await sentToCustomers(e, shop)).toEqual([]);
  });

  it('resolves @lid through remoteJidAlt, keeps both, and answers on the phone JID', async () => {
    const shop = await openShop(e);
    await postWebhook(e, shop, 'messages.upsert', fixtures.lid('Oi, vim pelo Instagram'));
    await waitFor(async () => (await sentToCustomers(e, shop)).length === 1, 'reply');
    const [conv] = await db().select().from(conversations).where(eq(conversations.numberId, shop.number.id));
    expect(conv).toMatchObject({ contactJid: CUSTOMER_JID, contactLid: CUSTOMER_LID, contactPhone: CUSTOMER_PHONE });
    expect((await sentToCustomers(e, shop))[0]!.remoteJid).toBe(CUSTOMER_JID);
    // A later message under the phone JID alone lands in the same conversation.
    await postWebhook(e, shop, 'messages.upsert', fixtures.text('mais uma coisa'));
    await waitStored(shop.number.id, 3);
    expect(await db().select().from(conversations).where(eq(conversations.numberId, shop.number.id))).toHaveLength(1);
  });

  it('through the simulator: a customer written as @lid gets one reply', async () => {
    const shop = await openShop(e);
    await customerSays(e, shop, 'Olá!', { phone: '5511955554444', name: 'Beto' }, { useLid: true, sendTwice: true });
    await waitFor(async () => (await sentToCustomers(e, shop)).length === 1, 'reply');
    await waitEngineIdle(e, shop);
    expect(await sentToCustomers(e, shop)).toHaveLength(1);
    const [conv] = await db().select().from(conversations).where(eq(conversations.numberId, shop.number.id));
    expect(conv).toMatchObject({
      contactJid: '5511955554444@s.whatsapp.net',
      contactPhone: '5511955554444',
      contactName: 'Beto',
    });
    expect(conv!.contactLid).toMatch(/@lid$/);
  });

  it('never takes the echo of its own send for the owner, and never answers fromMe', async () => {
    const shop = await openShop(e);
    await customerSays(e, shop, 'Oi');
    await waitFor(async () => (await sentToCustomers(e, shop)).length === 1, 'reply');
    const ai = await waitFor(
      async () => (await messagesOf(shop.number.id)).some((m) => m.author === 'ai' && m.externalId),
      'ai message linked',
    ).then(async () => (await messagesOf(shop.number.id)).find((m) => m.author === 'ai')!);
    // The gateway echoes our own message as a fromMe upsert (some builds do): same id → nothing new.
    const echo = fixtures.fromMe(ai.content!);
    echo.key.id = ai.externalId!;
    echo.key.remoteJid = '5511977770000@s.whatsapp.net';
    for (let i = 0; i < 3; i++) await postWebhook(e, shop, 'messages.upsert', echo);
    await waitEngineIdle(e, shop);
    const [conv] = await db().select().from(conversations).where(eq(conversations.numberId, shop.number.id));
    expect(conv!.agenteAtivo).toBe(true);
    expect((await messagesOf(shop.number.id)).filter((m) => m.direction === 'out')).toHaveLength(1);
    expect(await sentToCustomers(e, shop)).toHaveLength(1);
  });

  it('applies delivery receipts forward only, and fills the contact name from contacts.upsert', async () => {
    const shop = await openShop(e, { linkAgent: false });
    const own = fixtures.fromMe('Pedido confirmado');
    const stale = Math.floor(Date.now() / 1000) - 3600; // history sync: no takeover for old messages
    own.messageTimestamp = stale;
    await postWebhook(e, shop, 'messages.upsert', own);
    await waitStored(shop.number.id, 1);
    const remoteJid = own.key.remoteJid;
    await postWebhook(e, shop, 'messages.update', {
      keyId: own.key.id,
      remoteJid,
      fromMe: true,
      status: 'READ',
      instanceId: 'x',
    });
    await postWebhook(e, shop, 'messages.update', {
      keyId: own.key.id,
      remoteJid,
      fromMe: true,
      status: 'DELIVERY_ACK',
      instanceId: 'x',
    });
    await waitFor(async () => (await messagesOf(shop.number.id))[0]?.status === 'read', 'read');
    await waitEngineIdle(e, shop);
    expect((await messagesOf(shop.number.id))[0]).toMatchObject({
      status: 'read',
      author: 'owner_phone',
      direction: 'out',
    });
    const [conv] = await db().select().from(conversations).where(eq(conversations.numberId, shop.number.id));
    expect(conv).toMatchObject({ contactName: null, agenteAtivo: true, unreadCount: 0 });
    await postWebhook(e, shop, 'contacts.upsert', [
      { remoteJid, pushName: 'Carla Dias', profilePicUrl: null, instanceId: 'x' },
    ]);
    await waitFor(
      async () =>
        (await db().select().from(conversations).where(eq(conversations.numberId, shop.number.id)))[0]?.contactName ===
        'Carla Dias',
      'name',
    );
  });

  it('refuses malformed bodies with 400 and stores nothing', async () => {
    const shop = await openShop(e, { linkAgent: false });
    const res = await e.t.app.inject({
      method: 'POST',
      url: `/webhooks/gateway/${shop.number.instanceName}`,
      headers: { 'x-vendai-webhook-secret': shop.number.token },
      payload: { event: 'messages.upsert', instance: shop.number.instanceName, data: { key: { id: newId() } } },
    });
    expect(res.statusCode).toBe(400);
    await waitEngineIdle(e, shop);
    expect(await messagesOf(shop.number.id)).toEqual([]);
  });
});

/** QR: the phone unlinks ('Connection Closed'); Cloud: Meta refuses every send (131000). */
async function gatewayRefusesSends(shop: Shop) {
  if (shop.kind === 'cloud') await queueCloudErrors(shop, 'server', 10);
  else await shop.client.post(`/simulator/ui-api/instances/${shop.number.instanceName}/disconnect`);
}

describe('ingestion of Meta webhooks (Cloud number)', () => {
  it('applies many messages of many customers in concurrent webhooks: each once, one reply per customer', async () => {
    const shop = await openShop(e, { kind: 'cloud', timing: 2 });
    const contacts = Array.from({ length: 10 }, (_, i) => `55219977700${String(i).padStart(2, '0')}`);
    // Meta batches: each body carries one message of every customer (three bodies at once), one body twice.
    const bodies = [1, 2, 3].map((n) => {
      const values = contacts.map((phone, c) =>
        cloudInbound({ phone, name: `Cliente ${c}` }, 'text', { body: `Cliente ${c}, mensagem ${n}` }),
      );
      return { contacts: values.flatMap((v) => v.contacts as unknown[]), messages: values.flatMap((v) => v.messages) };
    });
    const results = await Promise.all([...bodies, bodies[0]!].map((value) => postMetaWebhook(e, shop, value)));
    expect(results.reduce((n, r) => n + r.stored, 0)).toBe(30);
    const inbound = async () => (await messagesOf(shop.number.id)).filter((m) => m.direction === 'in');
    await waitFor(async () => (await inbound()).length >= 30, '30 customer messages stored');
    await waitEventsProcessed(e, shop);
    expect(await inbound()).toHaveLength(30);
    const convs = await db().select().from(conversations).where(eq(conversations.numberId, shop.number.id));
    expect(convs).toHaveLength(10);
    for (const conv of convs) {
      const c = contacts.indexOf(conv.contactPhone!);
      expect(conv).toMatchObject({ contactName: `Cliente ${c}`, unreadCount: 3, agenteAtivo: true });
    }
    await waitFor(
      async () => new Set((await sentToCustomers(e, shop)).map((m) => m.remoteJid)).size === 10,
      'a reply to each customer',
      20_000,
    );
    await waitEngineIdle(e, shop);
    expect(await sentToCustomers(e, shop)).toHaveLength(10);
  });
});

describe.each(SHOP_KINDS)('on a %s number', (kind) => {
  it('keeps a replay ×10 as one message, and answers it once', async () => {
    const shop = await openShop(e, { kind });
    expect(await deliverCustomerText(e, shop, 'Vocês abrem sábado?', 10)).toBe(1);
    await waitFor(async () => (await sentToCustomers(e, shop)).length === 1, 'one reply');
    await waitEngineIdle(e, shop);
    expect(await sentToCustomers(e, shop)).toHaveLength(1);
    const stored = (await messagesOf(shop.number.id)).filter((m) => m.direction === 'in');
    expect(stored).toHaveLength(1);
    const [conv] = await db().select().from(conversations).where(eq(conversations.numberId, shop.number.id));
    expect(conv!.unreadCount).toBe(1);
  });

  it("applies delivery receipts forward only: a late 'delivered' never undoes 'read'", async () => {
    const shop = await openShop(e, { kind, linkAgent: false });
    await customerSays(e, shop, 'Oi');
    await waitStored(shop.number.id, 1);
    const [conv] = await db().select().from(conversations).where(eq(conversations.numberId, shop.number.id));
    expect(
      (await shop.client.post(`/api/conversations/${conv!.id}/messages`, { text: 'Pedido confirmado' })).statusCode,
    ).toBe(201);
    const own = (await messagesOf(shop.number.id)).find((m) => m.direction === 'out')!;
    const receipt = (status: 'read' | 'delivered') =>
      kind === 'cloud'
        ? cloudStatus(e, shop, own.externalId!, status, conv!.contactPhone!)
        : postWebhook(e, shop, 'messages.update', {
            keyId: own.externalId,
            remoteJid: conv!.contactJid,
            fromMe: true,
            status: status === 'read' ? 'READ' : 'DELIVERY_ACK',
            instanceId: 'x',
          });
    await receipt('read');
    await receipt('delivered');
    await waitFor(
      async () => (await messagesOf(shop.number.id)).find((m) => m.id === own.id)?.status === 'read',
      'read',
    );
    await waitEngineIdle(e, shop);
    expect((await messagesOf(shop.number.id)).find((m) => m.id === own.id)).toMatchObject({
      status: 'read',
      author: 'owner_app',
    });
  });
});

describe.each(SHOP_KINDS)('POST /api/conversations/:id/messages (manual send, %s number)', (kind) => {
  it('sends through the gateway, stores the message and takes over from the AI', async () => {
    const shop = await openShop(e, { kind, timing: 3 });
    await customerSays(e, shop, 'Olá, posso falar com alguém?');
    await waitStored(shop.number.id, 1);
    const [conv] = await db().select().from(conversations).where(eq(conversations.numberId, shop.number.id));
    const res = await shop.client.post(`/api/conversations/${conv!.id}/messages`, {
      text: 'Oi! Aqui é a Marina, da loja.',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      convId: conv!.id,
      direction: 'out',
      author: 'owner_app',
      fromMe: true,
      status: 'sent',
      content: 'Oi! Aqui é a Marina, da loja.',
      messageType: 'text',
    });
    const [after] = await db().select().from(conversations).where(eq(conversations.id, conv!.id));
    expect(after!.agenteAtivo).toBe(false);
    await waitEngineIdle(e, shop);
    // Only the owner's message reached the customer: the AI's pending answer was cancelled.
    expect((await sentToCustomers(e, shop)).map((s) => s.text)).toEqual(['Oi! Aqui é a Marina, da loja.']);
    expect((await messagesOf(shop.number.id)).filter((m) => m.direction === 'out')).toHaveLength(1);
  });

  it('answers 400 for an empty text, 404 for another user’s or an unknown conversation', async () => {
    const shop = await openShop(e, { kind, linkAgent: false });
    const other = await openShop(e, { kind, linkAgent: false });
    await customerSays(e, other, 'Oi');
    await waitStored(other.number.id, 1);
    const [otherConv] = await db().select().from(conversations).where(eq(conversations.numberId, other.number.id));
    const empty = await shop.client.post(`/api/conversations/${otherConv!.id}/messages`, { text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Digite uma mensagem.');
    const foreign = await shop.client.post(`/api/conversations/${otherConv!.id}/messages`, { text: 'Oi' });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await shop.client.post('/api/conversations/00000000-0000-4000-8000-000000000000/messages', { text: 'Oi' }))
        .statusCode,
    ).toBe(404);
    expect((await shop.client.post('/api/conversations/nao-e-id/messages', { text: 'Oi' })).statusCode).toBe(404);
    expect((await e.t.client().post(`/api/conversations/${otherConv!.id}/messages`, { text: 'Oi' })).statusCode).toBe(
      401,
    );
    expect(await sentToCustomers(e, other)).toEqual([]);
  });

  it('answers 502 when the gateway fails, keeping the message marked failed', async () => {
    const shop = await openShop(e, { kind, linkAgent: false });
    await customerSays(e, shop, 'Oi');
    await waitStored(shop.number.id, 1);
    const [conv] = await db().select().from(conversations).where(eq(conversations.numberId, shop.number.id));
    await gatewayRefusesSends(shop);
    const res = await shop.client.post(`/api/conversations/${conv!.id}/messages`, { text: 'Ainda está aí?' });
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toBe('Falha ao enviar mensagem. Tente novamente.');
    const [stored] = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.convId, conv!.id), eq(messages.author, 'owner_app')));
    expect(stored).toMatchObject({
      status: 'failed',
      content: 'Ainda está aí?',
      error: 'Falha ao enviar mensagem. Tente novamente.',
    });
  });
});
