/**
 * The Evolution client against a small fake Evolution API on 127.0.0.1 answering with bodies shaped
 * like the contract's examples (docs/evolution-api-contract.md, v2.3.7).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEvolutionClient } from '../src/integrations/gateway/evolution-client.ts';
import { GatewayError } from '../src/integrations/gateway/gateway.ts';
import { freePort } from './helpers/gateway-helpers.ts';

interface Seen {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}
type Route = (req: Seen) => { status: number; body?: unknown; delayMs?: number; raw?: string };

const KEY = 'GLOBAL-KEY-123';
const QR_URI = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==';
let server: http.Server;
let baseUrl: string;
let routes: Record<string, Route>;
const seen: Seen[] = [];

const errorEnvelope = (status: number, error: string, message: unknown) => ({ status, error, response: { message } });

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const entry: Seen = {
        method: req.method!,
        path: req.url!,
        headers: req.headers,
        body: raw ? JSON.parse(raw) : undefined,
      };
      seen.push(entry);
      const route = routes[`${req.method} ${req.url!.split('?')[0]}`];
      const answer = route
        ? route(entry)
        : { status: 404, body: errorEnvelope(404, 'Not Found', [`Cannot ${req.method} ${req.url}`]) };
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(answer.raw ?? JSON.stringify(answer.body ?? null));
      }, answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});
beforeEach(() => {
  seen.length = 0;
  routes = {};
});

const client = (timeoutMs?: number) => createEvolutionClient({ kind: 'evolution', baseUrl, apiKey: KEY, timeoutMs });

async function failure(promise: Promise<unknown>): Promise<GatewayError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(GatewayError);
    return err as GatewayError;
  }
  throw new Error('expected a GatewayError');
}

describe('createInstance', () => {
  it('sends the wrapped webhook config with explicit events and reads the create answer', async () => {
    routes['POST /instance/create'] = () => ({
      status: 201,
      body: {
        instance: {
          instanceName: 'vendai43211234',
          instanceId: 'a1b2c3d4-0000-4000-8000-000000000000',
          integration: 'WHATSAPP-BAILEYS',
          webhookWaBusiness: null,
          accessTokenWaBusiness: '',
          status: 'connecting',
        },
        hash: 'F3A1C0DE-TOKEN',
        webhook: {
          webhookUrl: 'https://app/webhooks/gateway/vendai43211234',
          webhookHeaders: {},
          webhookByEvents: false,
          webhookBase64: true,
        },
        websocket: { enabled: false },
        rabbitmq: { enabled: false },
        nats: { enabled: false },
        sqs: { enabled: false },
        settings: {
          rejectCall: false,
          msgCall: '',
          groupsIgnore: false,
          alwaysOnline: false,
          readMessages: false,
          readStatus: false,
          syncFullHistory: false,
          wavoipToken: '',
        },
        qrcode: { pairingCode: null, code: '2@abc,def,ghi,1', base64: QR_URI, count: 1 },
      },
    });
    const created = await client().createInstance({
      instanceName: 'vendai43211234',
      webhookUrl: 'https://app/webhooks/gateway/vendai43211234',
      webhookHeaders: { 'x-vendai-webhook-secret': 's3cr3t' },
      events: ['CONNECTION_UPDATE', 'MESSAGES_UPSERT'],
    });
    expect(created).toEqual({
      instanceName: 'vendai43211234',
      instanceId: 'a1b2c3d4-0000-4000-8000-000000000000',
      token: 'F3A1C0DE-TOKEN',
      qr: { base64: QR_URI, code: '2@abc,def,ghi,1', pairingCode: null, count: 1 },
    });
    expect(seen[0]!.headers.apikey).toBe(KEY);
    expect(seen[0]!.headers['content-type']).toMatch(/application\/json/);
    expect(seen[0]!.body).toEqual({
      instanceName: 'vendai43211234',
      integration: 'WHATSAPP-BAILEYS',
      qrcode: true,
      webhook: {
        url: 'https://app/webhooks/gateway/vendai43211234',
        byEvents: false,
        base64: true,
        headers: { 'x-vendai-webhook-secret': 's3cr3t' },
        events: ['CONNECTION_UPDATE', 'MESSAGES_UPSERT'],
      },
    });
  });

  it('accepts an answer without qrcode, and a hash given as {apikey}', async () => {
    routes['POST /instance/create'] = () => ({
      status: 201,
      body: { instance: { instanceName: 'x', instanceId: 'id-1', status: 'close' }, hash: { apikey: 'OLD-STYLE' } },
    });
    const created = await client().createInstance({
      instanceName: 'x',
      webhookUrl: 'http://a/b',
      webhookHeaders: {},
      events: [],
    });
    expect(created).toEqual({ instanceName: 'x', instanceId: 'id-1', token: 'OLD-STYLE', qr: null });
  });

  it('turns the error envelope into a GatewayError with status and text', async () => {
    routes['POST /instance/create'] = () => ({
      status: 403,
      body: errorEnvelope(403, 'Forbidden', ['This name "x" is already in use.']),
    });
    const err = await failure(
      client().createInstance({ instanceName: 'x', webhookUrl: 'http://a/b', webhookHeaders: {}, events: [] }),
    );
    expect(err.status).toBe(403);
    expect(err.message).toBe('Erro na Evolution API (403): This name "x" is already in use.');
  });
});

describe('connect and connectionState', () => {
  it('reads the bare QR object from connect (not wrapped in instance/qrcode)', async () => {
    routes['GET /instance/connect/vendai1'] = () => ({
      status: 200,
      body: { pairingCode: null, code: '2@raw', base64: QR_URI, count: 3 },
    });
    expect(await client().connect('vendai1')).toEqual({ base64: QR_URI, code: '2@raw', pairingCode: null, count: 3 });
    expect(seen[0]!.headers.apikey).toBe(KEY);
  });

  it('gives an empty QR for {count:0} (not generated yet) and null when already open', async () => {
    routes['GET /instance/connect/a'] = () => ({ status: 200, body: { count: 0 } });
    routes['GET /instance/connect/b'] = () => ({
      status: 200,
      body: { instance: { instanceName: 'b', state: 'open' } },
    });
    expect(await client().connect('a')).toEqual({ base64: null, code: null, pairingCode: null, count: 0 });
    expect(await client().connect('b')).toBeNull();
  });

  it('adds the data: prefix to a bare base64 PNG and treats 200 {error:true} as a failure', async () => {
    routes['GET /instance/connect/a'] = () => ({ status: 200, body: { code: 'c', base64: 'iVBORw0KGgo=', count: 1 } });
    routes['GET /instance/connect/b'] = () => ({ status: 200, body: { error: true, message: 'Connection Failure' } });
    expect((await client().connect('a'))?.base64).toBe('data:image/png;base64,iVBORw0KGgo=');
    const err = await failure(client().connect('b'));
    expect(err.message).toContain('Connection Failure');
  });

  it('reads the state from {instance:{instanceName, state}} and defaults to close', async () => {
    routes['GET /instance/connectionState/a'] = () => ({
      status: 200,
      body: { instance: { instanceName: 'a', state: 'open' } },
    });
    routes['GET /instance/connectionState/b'] = () => ({
      status: 200,
      body: { instance: { instanceName: 'b', state: 'connecting' } },
    });
    routes['GET /instance/connectionState/c'] = () => ({ status: 200, body: { instance: { instanceName: 'c' } } });
    expect(await client().connectionState('a')).toBe('open');
    expect(await client().connectionState('b')).toBe('connecting');
    expect(await client().connectionState('c')).toBe('close');
  });

  it('answers 404 for an unknown instance with a GatewayError carrying 404', async () => {
    routes['GET /instance/connectionState/ghost'] = () => ({
      status: 404,
      body: errorEnvelope(404, 'Not Found', ['The "ghost" instance does not exist']),
    });
    const err = await failure(client().connectionState('ghost'));
    expect(err.status).toBe(404);
    expect(err.message).toBe('Erro na Evolution API (404): The "ghost" instance does not exist');
  });

  it('encodes the instance name in the path', async () => {
    routes['GET /instance/connectionState/a%2Fb'] = () => ({
      status: 200,
      body: { instance: { instanceName: 'a/b', state: 'open' } },
    });
    expect(await client().connectionState('a/b')).toBe('open');
  });
});

describe('logout and delete', () => {
  it('tolerates 400 "not connected" on logout, but not other errors', async () => {
    routes['DELETE /instance/logout/closed'] = () => ({
      status: 400,
      body: errorEnvelope(400, 'Bad Request', ['The "closed" instance is not connected']),
    });
    routes['DELETE /instance/logout/broken'] = () => ({
      status: 500,
      body: errorEnvelope(500, 'Internal Server Error', ['boom']),
    });
    routes['DELETE /instance/logout/open'] = () => ({
      status: 200,
      body: { status: 'SUCCESS', error: false, response: { message: 'Instance logged out' } },
    });
    await expect(client().logout('closed')).resolves.toBeUndefined();
    await expect(client().logout('open')).resolves.toBeUndefined();
    const err = await failure(client().logout('broken'));
    expect(err.status).toBe(500);
    expect(err.message).toBe('Erro na Evolution API (500): boom');
  });

  it('counts 404 on delete as deleted', async () => {
    routes['DELETE /instance/delete/gone'] = () => ({
      status: 404,
      body: errorEnvelope(404, 'Not Found', ['The "gone" instance does not exist']),
    });
    routes['DELETE /instance/delete/here'] = () => ({
      status: 200,
      body: { status: 'SUCCESS', error: false, response: { message: 'Instance deleted' } },
    });
    await expect(client().deleteInstance('gone')).resolves.toBeUndefined();
    await expect(client().deleteInstance('here')).resolves.toBeUndefined();
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual([
      'DELETE /instance/delete/gone',
      'DELETE /instance/delete/here',
    ]);
  });
});

describe('messages and chats', () => {
  it('sends text flat with delay and waits past its own timeout while the server shows typing', async () => {
    const raw = {
      key: { remoteJid: '5511999999999@s.whatsapp.net', fromMe: true, id: '3EB0AAAAAAAAAAAAAAAAAA' },
      pushName: 'Você',
      status: 'PENDING',
      message: { conversation: 'Olá!' },
      messageType: 'conversation',
      messageTimestamp: 1_730_000_000,
      instanceId: 'uuid',
      source: 'web',
    };
    routes['POST /message/sendText/vendai1'] = (req) => ({
      status: 201,
      body: raw,
      delayMs: (req.body as { delay: number }).delay,
    });
    // The call timeout (300 ms) is shorter than the typing delay (600 ms): the client adds the delay.
    const sent = await client(300).sendText('vendai1', { number: '5511999999999', text: 'Olá!', delayMs: 600 });
    expect(sent).toEqual(raw);
    expect(seen[0]!.body).toEqual({ number: '5511999999999', text: 'Olá!', delay: 600 });
  });

  it('sends media flat (mediatype, mimetype, base64, caption, fileName), with the apikey, and maps a refusal', async () => {
    const raw = {
      key: { remoteJid: '5511999999999@s.whatsapp.net', fromMe: true, id: '3EB0BBBBBBBBBBBBBBBBBB' },
      status: 'PENDING',
      message: { imageMessage: { mimetype: 'image/jpeg', caption: 'Camiseta' } },
      messageType: 'imageMessage',
      messageTimestamp: 1_730_000_000,
    };
    routes['POST /message/sendMedia/vendai1'] = () => ({ status: 201, body: raw });
    const sent = await client().sendMedia('vendai1', {
      number: '5511999999999',
      mediatype: 'image',
      mimetype: 'image/jpeg',
      media: 'AAECAw==',
      caption: 'Camiseta',
      fileName: 'camiseta.jpg',
    });
    expect(sent).toEqual(raw);
    expect(seen[0]!.method).toBe('POST');
    expect(seen[0]!.headers.apikey).toBe(KEY);
    expect(seen[0]!.headers['content-type']).toBe('application/json');
    expect(seen[0]!.body).toEqual({
      number: '5511999999999',
      mediatype: 'image',
      mimetype: 'image/jpeg',
      media: 'AAECAw==',
      caption: 'Camiseta',
      fileName: 'camiseta.jpg',
      delay: 0,
    });

    // A URL is passed as it is; no caption or file name → the fields are left out.
    await client().sendMedia('vendai1', {
      number: '5511999999999',
      mediatype: 'document',
      mimetype: 'application/pdf',
      media: 'https://example.com/catalogo.pdf',
    });
    expect(seen[1]!.body).toEqual({
      number: '5511999999999',
      mediatype: 'document',
      mimetype: 'application/pdf',
      media: 'https://example.com/catalogo.pdf',
      delay: 0,
    });

    routes['POST /message/sendMedia/vendai1'] = () => ({
      status: 400,
      body: errorEnvelope(400, 'Bad Request', ['Owned media must be a url or base64']),
    });
    const err = await failure(
      client().sendMedia('vendai1', { number: '5511999999999', mediatype: 'image', mimetype: 'image/png', media: 'x' }),
    );
    expect(err.status).toBe(400);
    expect(err.outcome).toBe('refused');
    expect(err.message).toBe('Erro na Evolution API (400): Owned media must be a url or base64');
  });

  it('gives a clear error when the gateway does not answer in time', async () => {
    routes['GET /instance/connectionState/slow'] = () => ({
      status: 200,
      body: { instance: { state: 'open' } },
      // Far beyond the timeout: undici checks its timeouts on a coarse timer, and on a loaded machine an
      // answer due 1 s later could still arrive first.
      delayMs: 20_000,
    });
    const err = await failure(client(150).connectionState('slow'));
    expect(err.status).toBe(0);
    expect(err.message).toMatch(/^Erro na Evolution API \(sem resposta/);
  });

  it('reports the number check failure (400 with objects in message)', async () => {
    routes['POST /message/sendText/vendai1'] = () => ({
      status: 400,
      body: errorEnvelope(400, 'Bad Request', [
        { jid: '5511000000000@s.whatsapp.net', exists: false, number: '5511000000000' },
      ]),
    });
    const err = await failure(client().sendText('vendai1', { number: '5511000000000', text: 'oi' }));
    expect(err.status).toBe(400);
    expect(err.message).toContain('"exists":false');
  });

  it('sends presence with number, presence and delay, and read receipts as readMessages', async () => {
    routes['POST /chat/sendPresence/v'] = () => ({ status: 201, body: { presence: 'composing' } });
    routes['POST /chat/markMessageAsRead/v'] = () => ({
      status: 201,
      body: { message: 'Read messages', read: 'success' },
    });
    await client().sendPresence('v', { number: '5511999999999', presence: 'composing', delayMs: 10 });
    await client().markRead('v', [{ remoteJid: '5511999999999@s.whatsapp.net', fromMe: false, id: 'ABC' }]);
    await client().markRead('v', []);
    expect(seen.map((s) => s.body)).toEqual([
      { number: '5511999999999', presence: 'composing', delay: 10 },
      { readMessages: [{ remoteJid: '5511999999999@s.whatsapp.net', fromMe: false, id: 'ABC' }] },
    ]);
  });

  it('finds a contact, reads a profile picture (null allowed) and media as raw base64', async () => {
    routes['POST /chat/findContacts/v'] = (req) => ({
      status: 200,
      body:
        (req.body as { where: { remoteJid: string } }).where.remoteJid === '5511999999999@s.whatsapp.net'
          ? [
              {
                id: 'c1',
                remoteJid: '5511999999999@s.whatsapp.net',
                pushName: 'Ana',
                profilePicUrl: null,
                isGroup: false,
                isSaved: true,
                type: 'contact',
              },
            ]
          : [],
    });
    routes['POST /chat/fetchProfilePictureUrl/v'] = () => ({
      status: 200,
      body: { wuid: '5511999999999@s.whatsapp.net', profilePictureUrl: null },
    });
    routes['POST /chat/getBase64FromMediaMessage/v'] = () => ({
      status: 201,
      body: {
        mediaType: 'imageMessage',
        fileName: 'a.jpg',
        caption: null,
        size: { fileLength: { low: 2048, high: 0, unsigned: true }, height: 1, width: 1 },
        mimetype: 'image/jpeg',
        base64: 'data:image/jpeg;base64,/9j/AA==',
        buffer: null,
      },
    });
    const c = client();
    expect(await c.findContact('v', '5511999999999@s.whatsapp.net')).toEqual({
      remoteJid: '5511999999999@s.whatsapp.net',
      pushName: 'Ana',
      profilePicUrl: null,
    });
    expect(await c.findContact('v', '5511000000000@s.whatsapp.net')).toBeNull();
    expect(await c.profilePictureUrl('v', '5511999999999')).toBeNull();
    const key = { remoteJid: '5511999999999@s.whatsapp.net', fromMe: false, id: 'IMG1' };
    expect(await c.mediaBase64('v', { key })).toEqual({
      base64: '/9j/AA==',
      mimetype: 'image/jpeg',
      fileName: 'a.jpg',
      size: 2048,
    });
    expect(seen.at(-1)!.body).toEqual({ message: { key }, convertToMp4: false });
  });

  it('gives null media for a message without media (400) and for a null answer', async () => {
    routes['POST /chat/getBase64FromMediaMessage/a'] = () => ({
      status: 400,
      body: errorEnvelope(400, 'Bad Request', ['The message is not of the media type']),
    });
    routes['POST /chat/getBase64FromMediaMessage/b'] = () => ({ status: 201, raw: 'null' });
    const key = { remoteJid: 'x@s.whatsapp.net', fromMe: false, id: 'T' };
    expect(await client().mediaBase64('a', { key })).toBeNull();
    expect(await client().mediaBase64('b', { key })).toBeNull();
  });
});

describe('transport failures', () => {
  it('an unknown route answers the envelope 404 and a refused connection a status 0 GatewayError', async () => {
    const err = await failure(client().sendPresence('v', { number: '1', presence: 'paused', delayMs: 0 }));
    expect(err.status).toBe(404);
    expect(err.message).toBe('Erro na Evolution API (404): Cannot POST /chat/sendPresence/v');
    const dead = createEvolutionClient({
      kind: 'evolution',
      baseUrl: `http://127.0.0.1:${await freePort()}`,
      apiKey: KEY,
    });
    const refused = await failure(dead.connectionState('x'));
    expect(refused.status).toBe(0);
    expect(refused.message).toMatch(/^Erro na Evolution API \(sem conexão/);
  });

  it('answers without a JSON body keep the HTTP text', async () => {
    routes['GET /instance/connectionState/html'] = () => ({ status: 502, raw: '<html>Bad Gateway</html>' });
    const err = await failure(client().connectionState('html'));
    expect(err.status).toBe(502);
    expect(err.message).toBe('Erro na Evolution API (502): <html>Bad Gateway</html>');
  });
});
