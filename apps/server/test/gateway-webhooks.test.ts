import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { numbers } from '../src/db/schema/index.ts';
import { gatewayWebhookConfig, WEBHOOK_SECRET_HEADER } from '../src/integrations/gateway/index.ts';
import { userWithNumber, waitFor } from './helpers/gateway-helpers.ts';
import type { TestApp } from './helpers/test-app.ts';
import { useWebhookTestApp } from './helpers/webhook-test-app.ts';

const webhooks = useWebhookTestApp();
const { dispatched, post, eventsOf } = webhooks;
let t: TestApp;
beforeAll(() => {
  t = webhooks.t;
});

const envelope = (instance: string, event: string, data: unknown) => ({
  event,
  instance,
  data,
  destination: `http://localhost:3000/webhooks/gateway/${instance}`,
  date_time: new Date().toISOString(),
  sender: '5511999990000@s.whatsapp.net',
  server_url: 'http://evolution.local',
  apikey: 'INSTANCE-TOKEN',
});

const upsert = (instance: string, id: string) =>
  envelope(instance, 'messages.upsert', {
    key: { remoteJid: '5511988887777@s.whatsapp.net', fromMe: false, id },
    pushName: 'Cliente',
    status: 'DELIVERY_ACK',
    message: { conversation: 'Oi, quanto custa?' },
    messageType: 'conversation',
    messageTimestamp: 1_730_000_000,
    instanceId: '6f1c3a52-0000-4000-8000-000000000001',
    source: 'android',
  });

async function numberRow(id: string) {
  const [row] = await t.database.db.select().from(numbers).where(eq(numbers.id, id));
  return row!;
}

describe('gatewayWebhookConfig', () => {
  it('points at this server’s webhook for the instance, with the number’s secret and explicit UPPER_SNAKE events', () => {
    const config = gatewayWebhookConfig(
      { gatewayWebhookBaseUrl: 'https://app.vendai.com.br' },
      { instanceName: 'vendai43211234', token: 's3cr3t' },
    );
    expect(config).toEqual({
      webhookUrl: 'https://app.vendai.com.br/webhooks/gateway/vendai43211234',
      webhookHeaders: { 'x-vendai-webhook-secret': 's3cr3t' },
      events: [
        'QRCODE_UPDATED',
        'CONNECTION_UPDATE',
        'MESSAGES_UPSERT',
        'MESSAGES_UPDATE',
        'SEND_MESSAGE',
        'CONTACTS_UPSERT',
      ],
    });
  });
});

describe('POST /webhooks/gateway/:instance — refusals store nothing', () => {
  it('answers 401 for an unknown instance, as for a wrong secret (no oracle)', async () => {
    const res = await post({ instanceName: 'vendai-nao-existe', token: 'x' }, upsert('vendai-nao-existe', 'A1'));
    expect(res.statusCode).toBe(401);
  });

  it('answers 401 without the secret and with a wrong one, and stores nothing', async () => {
    const { number } = await userWithNumber(t);
    const missing = await post(number, upsert(number.instanceName, 'B1'), { secret: null });
    expect(missing.statusCode).toBe(401);
    const wrong = await post(number, upsert(number.instanceName, 'B1'), {
      secret: `${number.token.slice(0, -1)}${number.token.endsWith('0') ? '1' : '0'}`,
    });
    expect(wrong.statusCode).toBe(401);
    const otherNumbers = await userWithNumber(t);
    const foreign = await post(number, upsert(number.instanceName, 'B1'), { secret: otherNumbers.number.token });
    expect(foreign.statusCode).toBe(401);
    expect(await eventsOf(number.id)).toEqual([]);
  });

  it.each([
    ['no event', (i: string) => ({ instance: i, data: {} })],
    ['no data', (i: string) => ({ event: 'messages.upsert', instance: i })],
    [
      'a message without key.id',
      (i: string) => envelope(i, 'messages.upsert', { key: { remoteJid: '5511@s.whatsapp.net', fromMe: false } }),
    ],
    [
      'a connection.update without a known state',
      (i: string) => envelope(i, 'connection.update', { instance: i, state: 'dancing' }),
    ],
    ['another instance in the envelope', (_i: string) => upsert('vendai-outra', 'C1')],
    ['a list instead of an object', (_i: string) => [1, 2, 3]],
  ])('answers 400 for a malformed body (%s) and stores nothing', async (_label, make) => {
    const { number } = await userWithNumber(t);
    const res = await post(number, make(number.instanceName));
    expect(res.statusCode).toBe(400);
    expect(await eventsOf(number.id)).toEqual([]);
    expect((await numberRow(number.id)).status).toBe('DESCONECTADO');
  });

  it('answers 400 for a body that is not JSON', async () => {
    const { number } = await userWithNumber(t);
    const res = await t.app.inject({
      method: 'POST',
      url: `/webhooks/gateway/${number.instanceName}`,
      headers: { [WEBHOOK_SECRET_HEADER]: number.token, 'content-type': 'application/json' },
      payload: '{"event": "messages.upsert", ',
    });
    expect(res.statusCode).toBe(400);
    expect(await eventsOf(number.id)).toEqual([]);
  });
});

describe('connection.update', () => {
  it('open → CONECTADO with connected_at; replays change nothing; close → DESCONECTADO', async () => {
    const { number } = await userWithNumber(t);
    const open = envelope(number.instanceName, 'connection.update', {
      instance: number.instanceName,
      wuid: `${number.phone}@s.whatsapp.net`,
      profileName: 'Loja',
      state: 'open',
      statusReason: 200,
    });
    const first = await post(number, open);
    expect(first.statusCode).toBe(200);
    const connected = await numberRow(number.id);
    expect(connected.status).toBe('CONECTADO');
    expect(connected.connectedAt).toBeInstanceOf(Date);

    for (let i = 0; i < 3; i++) expect((await post(number, open)).statusCode).toBe(200);
    const after = await numberRow(number.id);
    expect(after.status).toBe('CONECTADO');
    expect(after.connectedAt!.getTime()).toBe(connected.connectedAt!.getTime());
    await waitFor(() => dispatched.some((e) => e.kind === 'connection' && e.number.id === number.id));
    expect(dispatched.filter((e) => e.kind === 'connection' && e.number.id === number.id)).toHaveLength(1);

    const connecting = await post(
      number,
      envelope(number.instanceName, 'connection.update', {
        instance: number.instanceName,
        state: 'connecting',
        statusReason: 515,
      }),
    );
    expect(connecting.statusCode).toBe(200);
    expect((await numberRow(number.id)).status).toBe('CONECTADO');

    const close = await post(
      number,
      envelope(number.instanceName, 'connection.update', {
        instance: number.instanceName,
        state: 'close',
        statusReason: 401,
      }),
    );
    expect(close.statusCode).toBe(200);
    expect((await numberRow(number.id)).status).toBe('DESCONECTADO');
    expect(await eventsOf(number.id)).toEqual([]);
  });

  it('refused (QR limit) → DESCONECTADO', async () => {
    const { number } = await userWithNumber(t);
    await t.database.db.update(numbers).set({ status: 'CONECTADO' }).where(eq(numbers.id, number.id));
    const res = await post(
      number,
      envelope(number.instanceName, 'connection.update', {
        instance: number.instanceName,
        state: 'refused',
        statusReason: 428,
      }),
    );
    expect(res.statusCode).toBe(200);
    expect((await numberRow(number.id)).status).toBe('DESCONECTADO');
  });
});

describe('message events', () => {
  it('stores a messages.upsert once after 10 deliveries and dispatches it once', async () => {
    const { number } = await userWithNumber(t);
    const body = upsert(number.instanceName, '3A5F00D1E2C3B4A59687');
    const outcomes = [];
    for (let i = 0; i < 10; i++) {
      const res = await post(number, body);
      expect(res.statusCode).toBe(200);
      outcomes.push(res.json().outcome);
    }
    // A replay is answered with nothing to dispatch: only the first delivery can reach the hub.
    expect(outcomes).toEqual(['stored', ...Array(9).fill('replay')]);
    const rows = await eventsOf(number.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ event: 'messages.upsert', eventKey: '3A5F00D1E2C3B4A59687' });
    expect(rows[0]!.payload).toMatchObject({
      event: 'messages.upsert',
      data: { message: { conversation: 'Oi, quanto custa?' } },
    });
    // The gateway's instance apikey is not kept.
    expect(rows[0]!.payload).not.toHaveProperty('apikey');
    await waitFor(() => dispatched.some((e) => e.kind === 'message' && e.number.id === number.id));
    const mine = dispatched.filter((e) => e.kind === 'message' && e.number.id === number.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      kind: 'message',
      eventId: rows[0]!.id,
      event: 'messages.upsert',
      eventKey: '3A5F00D1E2C3B4A59687',
    });
  });

  it('accepts the byEvents path suffix and the UPPER_SNAKE event name as the same event', async () => {
    const { number } = await userWithNumber(t);
    const body = upsert(number.instanceName, 'SUFFIX01');
    expect(
      (await post(number, body, { path: `/webhooks/gateway/${number.instanceName}/messages-upsert` })).statusCode,
    ).toBe(200);
    expect((await post(number, { ...body, event: 'MESSAGES_UPSERT' })).statusCode).toBe(200);
    expect(await eventsOf(number.id)).toHaveLength(1);
  });

  it('keeps send.message, each receipt status and contacts.upsert apart, each once', async () => {
    const { number } = await userWithNumber(t);
    const i = number.instanceName;
    const sent = envelope(i, 'send.message', {
      key: { remoteJid: '5511988887777@s.whatsapp.net', fromMe: true, id: '3EB0AABBCCDDEEFF001122' },
      pushName: 'Você',
      status: 'PENDING',
      message: { conversation: 'Olá!' },
      messageType: 'conversation',
    });
    const receipt = (status: string) =>
      envelope(i, 'messages.update', {
        keyId: '3EB0AABBCCDDEEFF001122',
        remoteJid: '5511988887777@s.whatsapp.net',
        fromMe: true,
        status,
        instanceId: 'x',
      });
    const contacts = envelope(i, 'contacts.upsert', [
      { remoteJid: '5511988887777@s.whatsapp.net', pushName: 'Cliente', profilePicUrl: null, instanceId: 'x' },
    ]);
    for (const body of [
      sent,
      sent,
      receipt('SERVER_ACK'),
      receipt('DELIVERY_ACK'),
      receipt('DELIVERY_ACK'),
      receipt('READ'),
      contacts,
      contacts,
    ]) {
      expect((await post(number, body)).statusCode).toBe(200);
    }
    const rows = await eventsOf(number.id);
    expect(rows.map((r) => `${r.event} ${r.eventKey}`).sort()).toEqual(
      [
        'send.message 3EB0AABBCCDDEEFF001122',
        'messages.update 3EB0AABBCCDDEEFF001122:SERVER_ACK',
        'messages.update 3EB0AABBCCDDEEFF001122:DELIVERY_ACK',
        'messages.update 3EB0AABBCCDDEEFF001122:READ',
        expect.stringMatching(/^contacts\.upsert sha256:[0-9a-f]{64}$/),
      ].sort(),
    );
  });

  it('acknowledges events it does not use without storing them', async () => {
    const { number } = await userWithNumber(t);
    const res = await post(
      number,
      envelope(number.instanceName, 'chats.upsert', [{ remoteJid: '5511988887777@s.whatsapp.net' }]),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, outcome: 'ignored' });
    expect(await eventsOf(number.id)).toEqual([]);
  });

  it('keeps the newest qrcode.updated in memory for the instance', async () => {
    const { number } = await userWithNumber(t);
    const qr = {
      instance: number.instanceName,
      pairingCode: null,
      code: 'http://x/simulador/aprovar/a?code=1',
      base64: 'data:image/png;base64,AAAA',
    };
    const res = await post(number, envelope(number.instanceName, 'qrcode.updated', { qrcode: qr }));
    expect(res.statusCode).toBe(200);
    await waitFor(() => t.app.deps.gatewayEvents.latestQr(number.instanceName));
    expect(t.app.deps.gatewayEvents.latestQr(number.instanceName)).toMatchObject({ base64: qr.base64, code: qr.code });
    expect(await eventsOf(number.id)).toEqual([]);
  });
});
