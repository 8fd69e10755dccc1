/**
 * The app as `npm start` runs it with no gateway configured: app.deps.gateway is the Evolution client
 * pointed at the built-in simulator, over real HTTP on a loopback port, and the simulator posts real
 * webhooks back to /webhooks/gateway/:instance. The page's API plays the phone and the customers.
 */
import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayEvents, numbers } from '../src/db/schema/index.ts';
import { gatewayWebhookConfig, GatewayError } from '../src/integrations/gateway/index.ts';
import {
  createListeningTestApp,
  insertNumber,
  type ListeningTestApp,
  simulatorPage,
  userWithNumber,
  waitFor,
} from './helpers/gateway-helpers.ts';

let t: ListeningTestApp;
/** The person whose numbers these tests connect; the simulator page shows only their own. */
let owner: Awaited<ReturnType<typeof userWithNumber>>;
let ui: ReturnType<typeof simulatorPage>;
beforeAll(async () => {
  t = await createListeningTestApp();
  owner = await userWithNumber(t);
  ui = simulatorPage(owner.client);
});
afterAll(async () => {
  await t?.close();
});

type NumberRow = typeof numbers.$inferSelect;

/** Reads a data-URI PNG QR code back to its text. */
function decodeQr(dataUri: string): string {
  const png = PNG.sync.read(Buffer.from(dataUri.replace(/^data:image\/png;base64,/, ''), 'base64'));
  const result = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  if (!result) throw new Error('no QR code found in the image');
  return result.data;
}

async function numberRow(id: string) {
  const [row] = await t.database.db.select().from(numbers).where(eq(numbers.id, id));
  return row!;
}
async function storedEvents(numberId: string, event?: string) {
  const rows = await t.database.db.select().from(gatewayEvents).where(eq(gatewayEvents.numberId, numberId));
  return event ? rows.filter((r) => r.event === event) : rows;
}

/** A number created at the simulator through the gateway, connected by approving its QR on the page. */
async function connectedNumber(phone?: string): Promise<NumberRow> {
  const number = await insertNumber(t.database.db, owner.userId);
  const gateway = t.app.deps.gateway;
  const created = await gateway.createInstance({
    instanceName: number.instanceName,
    ...gatewayWebhookConfig(t.env, number),
  });
  const code = new URL(created.qr!.code!).searchParams.get('code')!;
  const res = await ui('POST', `/instances/${number.instanceName}/approve`, {
    code,
    phone: phone ?? number.phone,
    profileName: 'Loja da Ana',
  });
  expect(res.statusCode).toBe(200);
  await waitFor(async () => (await numberRow(number.id)).status === 'CONECTADO', { what: 'CONECTADO' });
  return number;
}

async function sendAsCustomer(number: NumberRow, body: object) {
  const res = await ui('POST', `/instances/${number.instanceName}/messages`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { chatId: string; keyId: string };
}

async function upsertData(number: NumberRow, keyId: string) {
  const row = await waitFor(
    async () => (await storedEvents(number.id, 'messages.upsert')).find((r) => r.eventKey === keyId),
    { what: `messages.upsert ${keyId}` },
  );
  return (row.payload as { data: Record<string, any> }).data;
}

describe('connecting a number through the simulator', () => {
  it('creates the instance with a real QR that links to the approval view; approving opens it and the number becomes CONECTADO', async () => {
    const number = await insertNumber(t.database.db, owner.userId);
    const gateway = t.app.deps.gateway;
    expect(gateway.kind).toBe('simulator');

    const created = await gateway.createInstance({
      instanceName: number.instanceName,
      ...gatewayWebhookConfig(t.env, number),
    });
    expect(created.instanceName).toBe(number.instanceName);
    expect(created.instanceId).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.token).toBeTruthy();
    expect(created.qr!.count).toBe(1);
    expect(created.qr!.base64).toMatch(/^data:image\/png;base64,/);
    const content = decodeQr(created.qr!.base64!);
    expect(content).toBe(created.qr!.code);
    expect(content).toMatch(new RegExp(`^${t.baseUrl}/simulador/aprovar/${number.instanceName}\\?code=[\\w-]+$`));

    expect(await gateway.connectionState(number.instanceName)).toBe('connecting');
    // While connecting, connect gives the same bare QR.
    const again = await gateway.connect(number.instanceName);
    expect(again).toMatchObject({ code: created.qr!.code, count: 1 });

    // The page lists it as waiting for a scan, with the app's phone suggested.
    const list = (await ui('GET', '/instances')).json() as {
      name: string;
      state: string;
      suggestedPhone: string;
      qr: { approveCode: string };
    }[];
    const mine = list.find((i) => i.name === number.instanceName)!;
    expect(mine).toMatchObject({ state: 'connecting', suggestedPhone: number.phone });

    const wrong = await ui('POST', `/instances/${number.instanceName}/approve`, {
      code: 'not-the-code',
      phone: number.phone,
    });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().error.message).toMatch(/expirou/);

    const code = new URL(content).searchParams.get('code')!;
    expect(code).toBe(mine.qr.approveCode);
    const approved = await ui('POST', `/instances/${number.instanceName}/approve`, {
      code,
      phone: number.phone,
      profileName: 'Loja da Ana',
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ state: 'open', ownerPhone: number.phone, qr: null });

    expect(await gateway.connectionState(number.instanceName)).toBe('open');
    expect(await gateway.connect(number.instanceName)).toBeNull();
    await waitFor(async () => (await numberRow(number.id)).status === 'CONECTADO', { what: 'CONECTADO' });
    expect((await numberRow(number.id)).connectedAt).toBeInstanceOf(Date);

    // The QR cannot be used twice.
    const reuse = await ui('POST', `/instances/${number.instanceName}/approve`, { code, phone: number.phone });
    expect(reuse.statusCode).toBe(409);
  });

  it('disconnecting the phone closes the instance (DESCONECTADO); reconnecting goes through a new QR', async () => {
    const number = await connectedNumber();
    const gateway = t.app.deps.gateway;
    const res = await ui('POST', `/instances/${number.instanceName}/disconnect`);
    expect(res.statusCode).toBe(200);
    expect(res.json().state).toBe('close');
    await waitFor(async () => (await numberRow(number.id)).status === 'DESCONECTADO', { what: 'DESCONECTADO' });
    expect(await gateway.connectionState(number.instanceName)).toBe('close');
    expect((await ui('POST', `/instances/${number.instanceName}/disconnect`)).statusCode).toBe(409);

    // logout of a closed instance answers 400 'not connected', which the client tolerates.
    await expect(gateway.logout(number.instanceName)).resolves.toBeUndefined();

    const qr = await gateway.connect(number.instanceName);
    expect(qr!.count).toBe(1);
    expect(await gateway.connectionState(number.instanceName)).toBe('connecting');
    const code = new URL(qr!.code!).searchParams.get('code')!;
    expect(
      (await ui('POST', `/instances/${number.instanceName}/approve`, { code, phone: number.phone })).statusCode,
    ).toBe(200);
    await waitFor(async () => (await numberRow(number.id)).status === 'CONECTADO', { what: 'CONECTADO again' });
  });

  it('logout and delete through the gateway: the instance is gone (404) and a second delete still succeeds', async () => {
    const number = await connectedNumber();
    const gateway = t.app.deps.gateway;
    await gateway.logout(number.instanceName);
    await waitFor(async () => (await numberRow(number.id)).status === 'DESCONECTADO', {
      what: 'DESCONECTADO after logout',
    });
    await gateway.deleteInstance(number.instanceName);
    await gateway.deleteInstance(number.instanceName);
    const err = await gateway.connectionState(number.instanceName).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GatewayError);
    expect((err as GatewayError).status).toBe(404);
    expect((err as GatewayError).message).toBe(
      `Erro na Evolution API (404): The "${number.instanceName}" instance does not exist`,
    );
    expect((await ui('GET', `/instances/${number.instanceName}`)).statusCode).toBe(404);
  });
});

describe('playing a customer', () => {
  let number: NumberRow;
  beforeAll(async () => {
    number = await connectedNumber();
  });

  it('a text arrives as messages.upsert with conversation; the reply is stored in the chat and emitted as send.message', async () => {
    const { chatId, keyId } = await sendAsCustomer(number, {
      customer: { phone: '5511988887777', name: 'Bruno Lima' },
      message: { type: 'text', text: 'Oi! Vocês entregam?' },
    });
    const data = await upsertData(number, keyId);
    expect(data).toMatchObject({
      key: { remoteJid: '5511988887777@s.whatsapp.net', fromMe: false, id: keyId },
      pushName: 'Bruno Lima',
      status: 'DELIVERY_ACK',
      message: { conversation: 'Oi! Vocês entregam?' },
      messageType: 'conversation',
      source: 'android',
    });
    expect(typeof data.messageTimestamp).toBe('number');
    expect(data.instanceId).toMatch(/^[0-9a-f-]{36}$/);
    // The first message of a new chat also brings contacts.upsert.
    await waitFor(async () => (await storedEvents(number.id, 'contacts.upsert')).length > 0, {
      what: 'contacts.upsert',
    });

    const gateway = t.app.deps.gateway;
    expect(await gateway.findContact(number.instanceName, '5511988887777@s.whatsapp.net')).toEqual({
      remoteJid: '5511988887777@s.whatsapp.net',
      pushName: 'Bruno Lima',
      profilePicUrl: null,
    });
    expect(await gateway.profilePictureUrl(number.instanceName, '5511988887777')).toBeNull();
    await gateway.markRead(number.instanceName, [
      { remoteJid: '5511988887777@s.whatsapp.net', fromMe: false, id: keyId },
    ]);
    await gateway.sendPresence(number.instanceName, { number: '5511988887777', presence: 'composing', delayMs: 50 });

    const started = Date.now();
    const sent = await gateway.sendText(number.instanceName, {
      number: '5511988887777',
      text: 'Entregamos sim!',
      delayMs: 300,
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(sent).toMatchObject({
      key: { remoteJid: '5511988887777@s.whatsapp.net', fromMe: true },
      pushName: 'Você',
      status: 'PENDING',
      message: { conversation: 'Entregamos sim!' },
      messageType: 'conversation',
      source: 'web',
    });
    expect(sent.key.id).toMatch(/^3EB0[0-9A-F]{18}$/);
    const sendEvent = await waitFor(
      async () => (await storedEvents(number.id, 'send.message')).find((r) => r.eventKey === sent.key.id),
      { what: 'send.message' },
    );
    expect((sendEvent.payload as { data: unknown }).data).toEqual(JSON.parse(JSON.stringify(sent)));
    await waitFor(
      async () =>
        (await storedEvents(number.id, 'messages.update')).some((r) => r.eventKey === `${sent.key.id}:DELIVERY_ACK`),
      { what: 'DELIVERY_ACK' },
    );

    // The customer's chat shows both, and opening it reads the reply (READ receipt).
    const chat = (await ui('GET', `/instances/${number.instanceName}/chats/${chatId}`)).json();
    expect(
      chat.messages.map((m: { fromBusiness: boolean; text: string; status: string }) => [m.fromBusiness, m.text]),
    ).toEqual([
      [false, 'Oi! Vocês entregam?'],
      [true, 'Entregamos sim!'],
    ]);
    expect(chat.messages[0].status).toBe('READ');
    await waitFor(
      async () => (await storedEvents(number.id, 'messages.update')).some((r) => r.eventKey === `${sent.key.id}:READ`),
      { what: 'READ' },
    );
    const chats = (await ui('GET', `/instances/${number.instanceName}/chats`)).json();
    expect(chats.find((c: { id: string }) => c.id === chatId)).toMatchObject({
      name: 'Bruno Lima',
      phone: '5511988887777',
      lastPreview: 'Entregamos sim!',
      unread: 0,
    });
  });

  it('an image carries imageMessage with caption, mimetype, sizes and base64; the gateway returns its media', async () => {
    const png = PNG.sync.write(Object.assign(new PNG({ width: 3, height: 2 }), { data: Buffer.alloc(3 * 2 * 4, 200) }));
    const base64 = png.toString('base64');
    const { keyId } = await sendAsCustomer(number, {
      customer: { phone: '5511977776666', name: 'Carla' },
      message: { type: 'image', base64, mimetype: 'image/png', caption: 'Tem nessa cor?', width: 3, height: 2 },
    });
    const data = await upsertData(number, keyId);
    expect(data.messageType).toBe('imageMessage');
    expect(data.message.imageMessage).toMatchObject({
      mimetype: 'image/png',
      caption: 'Tem nessa cor?',
      width: 3,
      height: 2,
      fileLength: png.length,
    });
    expect(data.message.base64).toBe(base64);
    const media = await t.app.deps.gateway.mediaBase64(number.instanceName, { key: data.key, message: data.message });
    // Evolution names media without a file name after the message id.
    expect(media).toEqual({ base64, mimetype: 'image/png', fileName: `${keyId}.png`, size: png.length });
  });

  it('the business sends an image (sendMedia, base64): echoed as send.message and shown with its bytes in the chat', async () => {
    const png = PNG.sync.write(Object.assign(new PNG({ width: 2, height: 2 }), { data: Buffer.alloc(2 * 2 * 4, 90) }));
    const { chatId } = await sendAsCustomer(number, {
      customer: { phone: '5511955554444', name: 'Elisa' },
      message: { type: 'text', text: 'Tem foto?' },
    });
    const gateway = t.app.deps.gateway;
    const sent = await gateway.sendMedia(number.instanceName, {
      number: '5511955554444',
      mediatype: 'image',
      mimetype: 'image/png',
      media: png.toString('base64'),
      caption: 'Camiseta básica',
    });
    expect(sent).toMatchObject({
      key: { remoteJid: '5511955554444@s.whatsapp.net', fromMe: true },
      messageType: 'imageMessage',
      message: { imageMessage: { mimetype: 'image/png', caption: 'Camiseta básica', fileLength: png.length } },
    });
    await waitFor(async () => (await storedEvents(number.id, 'send.message')).some((r) => r.eventKey === sent.key.id), {
      what: 'send.message of the image',
    });
    const chat = (await ui('GET', `/instances/${number.instanceName}/chats/${chatId}`)).json();
    const image = chat.messages.find((m: { fromBusiness: boolean }) => m.fromBusiness);
    expect(image).toMatchObject({
      fromBusiness: true,
      type: 'image',
      caption: 'Camiseta básica',
      media: { mimetype: 'image/png' },
    });
    const bytes = await owner.client.request({ method: 'GET', url: image.media.url });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('image/png');
    expect(bytes.rawPayload.equals(png)).toBe(true);

    // A base64 document needs its name (400, as Evolution answers).
    const err = await gateway
      .sendMedia(number.instanceName, {
        number: '5511955554444',
        mediatype: 'document',
        mimetype: 'application/pdf',
        media: 'JVBERi0=',
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GatewayError);
    expect((err as GatewayError).status).toBe(400);
  });

  it('a voice note, a document, a location and a contact card each have their messageRaw', async () => {
    const customer = { phone: '5521966665555', name: 'Diego' };
    const audio = Buffer.from('OggS-fake-opus-bytes').toString('base64');
    const voice = await sendAsCustomer(number, {
      customer,
      message: { type: 'audio', base64: audio, mimetype: 'audio/ogg; codecs=opus', seconds: 7 },
    });
    const doc = await sendAsCustomer(number, {
      customer,
      message: {
        type: 'document',
        base64: Buffer.from('%PDF-1.4 fake').toString('base64'),
        mimetype: 'application/pdf',
        fileName: 'orcamento.pdf',
      },
    });
    const loc = await sendAsCustomer(number, {
      customer,
      message: {
        type: 'location',
        latitude: -23.5614,
        longitude: -46.6559,
        name: 'MASP',
        address: 'Av. Paulista, 1578',
      },
    });
    const card = await sendAsCustomer(number, {
      customer,
      message: { type: 'contact', displayName: 'Fernanda', phone: '5511955554444' },
    });

    const v = await upsertData(number, voice.keyId);
    expect(v.messageType).toBe('audioMessage');
    expect(v.message.audioMessage).toMatchObject({ ptt: true, seconds: 7, mimetype: 'audio/ogg; codecs=opus' });
    expect(v.message.base64).toBe(audio);

    const d = await upsertData(number, doc.keyId);
    expect(d.messageType).toBe('documentMessage');
    expect(d.message.documentMessage).toMatchObject({
      fileName: 'orcamento.pdf',
      title: 'orcamento.pdf',
      mimetype: 'application/pdf',
      fileLength: 13,
    });

    const l = await upsertData(number, loc.keyId);
    expect(l).toMatchObject({
      messageType: 'locationMessage',
      message: {
        locationMessage: {
          degreesLatitude: -23.5614,
          degreesLongitude: -46.6559,
          name: 'MASP',
          address: 'Av. Paulista, 1578',
        },
      },
    });
    expect(l.message.base64).toBeUndefined();

    const c = await upsertData(number, card.keyId);
    expect(c.messageType).toBe('contactMessage');
    expect(c.message.contactMessage.displayName).toBe('Fernanda');
    expect(c.message.contactMessage.vcard).toContain('waid=5511955554444');
    expect(c.message.contactMessage.vcard).toMatch(/^BEGIN:VCARD[\s\S]*END:VCARD$/);
  });

  it('a group member writes with remoteJid …@g.us and participant; the business replies to the group', async () => {
    const first = await sendAsCustomer(number, {
      customer: { phone: '5531944443333', name: 'Elisa' },
      group: { subject: 'Família Souza' },
      message: { type: 'text', text: 'Pessoal, achei essa loja' },
    });
    const data = await upsertData(number, first.keyId);
    expect(data.key).toMatchObject({ fromMe: false, participant: '5531944443333@s.whatsapp.net' });
    expect(data.key.remoteJid).toMatch(/^120363\d{12}@g\.us$/);
    expect(data.pushName).toBe('Elisa');

    const reply = await t.app.deps.gateway.sendText(number.instanceName, {
      number: data.key.remoteJid,
      text: 'Bem-vindos!',
    });
    expect(reply.key.remoteJid).toBe(data.key.remoteJid);
    const chat = (await ui('GET', `/instances/${number.instanceName}/chats/${first.chatId}`)).json();
    expect(chat.chat).toMatchObject({ isGroup: true, name: 'Família Souza' });
    expect(chat.messages.at(-1)).toMatchObject({ fromBusiness: true, text: 'Bem-vindos!' });
    expect(chat.messages[0]).toMatchObject({ senderName: 'Elisa', senderPhone: '5531944443333' });

    // A second member in the same group.
    const second = await sendAsCustomer(number, {
      customer: { phone: '5531922221111', name: 'Fábio' },
      group: { subject: 'Família Souza', jid: data.key.remoteJid },
      message: { type: 'text', text: 'Gostei!' },
    });
    expect(second.chatId).toBe(first.chatId);
    // An unknown group → 404.
    const unknown = await ui('POST', `/instances/${number.instanceName}/messages`, {
      customer: { phone: '5531922221111', name: 'Fábio' },
      group: { subject: 'X', jid: '120363999999999999@g.us' },
      message: { type: 'text', text: 'oi' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('"@lid" sends a Baileys 7 key (remoteJid @lid, remoteJidAlt = phone JID); replying to the LID reaches the same chat', async () => {
    const plain = await sendAsCustomer(number, {
      customer: { phone: '5511933332222', name: 'Gabi' },
      message: { type: 'text', text: 'primeira' },
    });
    const lid = await sendAsCustomer(number, {
      customer: { phone: '5511933332222', name: 'Gabi' },
      useLid: true,
      message: { type: 'text', text: 'segunda' },
    });
    expect(lid.chatId).toBe(plain.chatId);
    const data = await upsertData(number, lid.keyId);
    expect(data.key.remoteJid).toMatch(/^\d{15}@lid$/);
    expect(data.key).toMatchObject({
      remoteJidAlt: '5511933332222@s.whatsapp.net',
      addressingMode: 'lid',
      fromMe: false,
    });
    const reply = await t.app.deps.gateway.sendText(number.instanceName, {
      number: data.key.remoteJid,
      text: 'Oi Gabi',
    });
    expect(reply.key.remoteJid).toBe(data.key.remoteJid);
    const chat = (await ui('GET', `/instances/${number.instanceName}/chats/${plain.chatId}`)).json();
    expect(chat.messages.map((m: { text: string; viaLid: boolean }) => [m.text, m.viaLid])).toEqual([
      ['primeira', false],
      ['segunda', true],
      ['Oi Gabi', true],
    ]);
  });

  it('"send twice" delivers the same key id twice; the app stores it once', async () => {
    const { keyId, chatId } = await sendAsCustomer(number, {
      customer: { phone: '5511911110000', name: 'Hugo' },
      sendTwice: true,
      message: { type: 'text', text: 'duplicada' },
    });
    await upsertData(number, keyId);
    // A fence: the simulator sends one instance's webhooks one after the other, so once a later
    // message is stored the second copy has been answered too.
    const fence = await sendAsCustomer(number, {
      customer: { phone: '5511911110001', name: 'Cerca' },
      message: { type: 'text', text: 'cerca' },
    });
    await upsertData(number, fence.keyId);
    expect((await storedEvents(number.id, 'messages.upsert')).filter((r) => r.eventKey === keyId)).toHaveLength(1);
    const chat = (await ui('GET', `/instances/${number.instanceName}/chats/${chatId}`)).json();
    expect(chat.messages[0]).toMatchObject({ text: 'duplicada', deliveries: 2 });
  });

  it('refuses bad input from the page with Portuguese messages', async () => {
    const bad = await ui('POST', `/instances/${number.instanceName}/messages`, {
      customer: { phone: '12', name: 'X' },
      message: { type: 'text', text: 'oi' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/DDI e DDD/);
    const empty = await ui('POST', `/instances/${number.instanceName}/messages`, {
      customer: { phone: '5511911110000', name: 'X' },
      message: { type: 'text', text: '  ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Escreva uma mensagem.');
    expect((await ui('GET', '/instances/nao-existe/chats')).statusCode).toBe(404);
    expect(
      (await ui('GET', `/instances/${number.instanceName}/chats/00000000-0000-4000-8000-000000000000`)).statusCode,
    ).toBe(404);
  });

  it('sending to a number that is not on WhatsApp gives the 400 with exists:false', async () => {
    const err = await t.app.deps.gateway
      .sendText(number.instanceName, { number: '123', text: 'oi' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GatewayError);
    expect((err as GatewayError).status).toBe(400);
    expect((err as GatewayError).message).toContain('"exists":false');
  });
});
