import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sealSecret } from '../../lib/secret-box.ts';
import { createCloudClient } from './cloud-client.ts';
import type { CloudPacer } from './cloud-pacing.ts';
import { createCloudTemplates } from './cloud-templates.ts';
import { GatewayError } from './gateway.ts';
import { errorOf, type GraphReply, metaFixture } from '../../../test/helpers/meta-fixtures.ts';

/**
 * Contract tests of the Cloud API adapter against a loopback server standing in for the Graph API,
 * answering with the payload shapes of Meta's documentation.
 */

interface Seen {
  method: string;
  url: string;
  auth: string | undefined;
  contentType: string | undefined;
  body: string;
}
type Reply = { status: number; json?: unknown; raw?: Buffer; type?: string; headers?: Record<string, string> };

let server: Server;
let base = '';
const seen: Seen[] = [];
let answer: (req: Seen) => Reply = () => ({ status: 200, json: {} });

const readAll = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const s: Seen = {
      method: req.method!,
      url: req.url!,
      auth: req.headers.authorization,
      contentType: req.headers['content-type'],
      body: await readAll(req),
    };
    seen.push(s);
    const r = answer(s);
    const payload = r.raw ?? Buffer.from(JSON.stringify(r.json ?? {}));
    res.writeHead(r.status, {
      'content-type': r.type ?? 'application/json',
      'content-length': payload.length,
      ...r.headers,
    });
    res.end(payload);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen.length = 0;
});

const sent = (wamid: string, waId = '5511999990000') => ({
  status: 200,
  json: {
    messaging_product: 'whatsapp',
    contacts: [{ input: waId, wa_id: waId }],
    messages: [{ id: wamid, message_status: 'accepted' }],
  },
});

function client(maxMediaBytes?: number) {
  return createCloudClient({
    graphUrl: base,
    graphVersion: 'v23.0',
    maxMediaBytes,
    credentials: async (instance) =>
      instance === 'cloud-1' ? { phoneNumberId: '106540352242922', accessToken: 'EAAG-token' } : null,
  });
}

describe('Cloud API adapter', () => {
  it('sends a text to /{phone-number-id}/messages and answers an Evolution-shaped message', async () => {
    answer = () => sent('wamid.HBgLNTUxMTk5OTk5MDAwMBUCABEYEjQ');
    const message = await client().sendText('cloud-1', { number: '5511999990000@s.whatsapp.net', text: 'Olá!' });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.method).toBe('POST');
    expect(seen[0]!.url).toBe('/v23.0/106540352242922/messages');
    expect(seen[0]!.auth).toBe('Bearer EAAG-token');
    expect(JSON.parse(seen[0]!.body)).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '5511999990000',
      type: 'text',
      text: { preview_url: false, body: 'Olá!' },
    });
    expect(message.key).toEqual({
      remoteJid: '5511999990000@s.whatsapp.net',
      fromMe: true,
      id: 'wamid.HBgLNTUxMTk5OTk5MDAwMBUCABEYEjQ',
    });
    expect(message.message).toEqual({ conversation: 'Olá!' });
  });

  it('sends media by link, and uploads base64 media before sending it by id', async () => {
    answer = () => sent('wamid.IMG');
    await client().sendMedia('cloud-1', {
      number: '5511999990000',
      mediatype: 'image',
      media: 'https://cdn.example.com/foto.jpg',
      mimetype: 'image/jpeg',
      caption: 'Nosso produto',
    });
    expect(JSON.parse(seen[0]!.body)).toMatchObject({
      type: 'image',
      image: { link: 'https://cdn.example.com/foto.jpg', caption: 'Nosso produto' },
    });

    seen.length = 0;
    answer = (req) =>
      req.url.endsWith('/media') ? { status: 200, json: { id: '1037543291543636' } } : sent('wamid.DOC');
    const message = await client().sendMedia('cloud-1', {
      number: '5511999990000',
      mediatype: 'document',
      media: Buffer.from('%PDF-1.4 catálogo').toString('base64'),
      mimetype: 'application/pdf',
      fileName: 'catalogo.pdf',
      caption: 'Catálogo',
    });
    expect(seen.map((s) => s.url)).toEqual(['/v23.0/106540352242922/media', '/v23.0/106540352242922/messages']);
    expect(seen[0]!.contentType).toMatch(/^multipart\/form-data/);
    expect(seen[0]!.body).toContain('name="messaging_product"');
    expect(seen[0]!.body).toContain('filename="catalogo.pdf"');
    expect(JSON.parse(seen[1]!.body)).toMatchObject({
      type: 'document',
      document: { id: '1037543291543636', caption: 'Catálogo', filename: 'catalogo.pdf' },
    });
    expect(message.key.id).toBe('wamid.DOC');
  });

  it('marks received messages read and then shows typing on the last one', async () => {
    answer = () => ({ status: 200, json: { success: true } });
    const gateway = client();
    await gateway.markRead('cloud-1', [
      { remoteJid: '5511999990000@s.whatsapp.net', fromMe: false, id: 'wamid.IN1' },
      { remoteJid: '5511999990000@s.whatsapp.net', fromMe: true, id: 'wamid.OUT' },
    ]);
    await gateway.sendPresence('cloud-1', { number: '5511999990000', presence: 'composing', delayMs: 0 });
    expect(seen.map((s) => JSON.parse(s.body))).toEqual([
      { messaging_product: 'whatsapp', status: 'read', message_id: 'wamid.IN1' },
      { messaging_product: 'whatsapp', status: 'read', message_id: 'wamid.IN1', typing_indicator: { type: 'text' } },
    ]);
  });

  it('downloads media through its id with the token, and refuses a file over the cap', async () => {
    const file = Buffer.from('OggS fake voice note bytes');
    answer = (req) =>
      req.url === '/v23.0/1234567890'
        ? {
            status: 200,
            json: {
              messaging_product: 'whatsapp',
              url: `${base}/whatsapp_business/attachments/?mid=1234567890`,
              mime_type: 'audio/ogg',
              sha256: 'abc',
              file_size: file.length,
              id: '1234567890',
            },
          }
        : { status: 200, raw: file, type: 'audio/ogg' };
    const message = {
      key: { remoteJid: 'x', fromMe: false, id: 'wamid.A' },
      message: { audioMessage: { mediaId: '1234567890' } },
    };
    const media = await client().mediaBase64('cloud-1', message);
    expect(media).toEqual({
      base64: file.toString('base64'),
      mimetype: 'audio/ogg',
      fileName: null,
      size: file.length,
    });
    expect(seen.map((s) => s.auth)).toEqual(['Bearer EAAG-token', 'Bearer EAAG-token']);

    seen.length = 0;
    await expect(client(10).mediaBase64('cloud-1', message)).rejects.toMatchObject({ status: 413 });
    expect(seen).toHaveLength(1); // declared too large: the file itself is never fetched
    expect(await client().mediaBase64('cloud-1', { key: message.key, message: { conversation: 'oi' } })).toBeNull();
  });

  it("maps Graph errors to a refused GatewayError with Meta's code and message", async () => {
    answer = () => ({
      status: 400,
      json: {
        error: {
          message: '(#131030) Recipient phone number not in allowed list',
          type: 'OAuthException',
          code: 131030,
          error_data: { messaging_product: 'whatsapp', details: 'Recipient phone number not in allowed list' },
          fbtrace_id: 'Az8or2yhqkZfEZ-_4Qn_Bam',
        },
      },
    });
    const err = await client()
      .sendText('cloud-1', { number: '5511999990000', text: 'oi' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GatewayError);
    expect(err).toMatchObject({ status: 400, outcome: 'refused' });
    expect((err as Error).message).toContain('Erro na Cloud API (400): #131030');

    answer = () => ({ status: 502, raw: Buffer.from('Bad Gateway'), type: 'text/plain' });
    await expect(client().sendText('cloud-1', { number: '55', text: 'oi' })).rejects.toMatchObject({
      status: 502,
      outcome: 'unknown',
    });
    await expect(client().sendText('evo-1', { number: '55', text: 'oi' })).rejects.toMatchObject({ status: 404 });
  });

  it("Meta's documented send refusals (fixtures) are refused GatewayErrors naming the code, never sent again", async () => {
    const fixtures = metaFixture<Record<string, GraphReply>>('send-errors');
    for (const name of ['notRegistered', 'reEngagement', 'tokenExpired', 'invalidParameter', 'policyBlocked']) {
      const reply = fixtures[name]!;
      seen.length = 0;
      answer = () => ({ status: reply.status, json: reply.body });
      const err = await client()
        .sendText('cloud-1', { number: '5511999990000', text: 'oi' })
        .catch((e: unknown) => e);
      expect(err, name).toMatchObject({ status: reply.status, outcome: 'refused' });
      expect((err as Error).message, name).toContain(`#${errorOf(reply).code} `);
      expect(seen, name).toHaveLength(1);
    }
  });
});

const graphError = (status: number, code: number, message: string) => ({
  status,
  json: { error: { message, type: 'OAuthException', code, fbtrace_id: 'A1' } },
});

/** A pacer that records what the adapter asks of it and never waits. */
function recordingPacer() {
  const calls: { take: string[]; holdBack: [string, string | null, number][] } = { take: [], holdBack: [] };
  const pacer: CloudPacer = {
    take: async (phoneNumberId, waId) => void calls.take.push(`${phoneNumberId}|${waId}`),
    holdBack: async (phoneNumberId, waId, ms) => void calls.holdBack.push([phoneNumberId, waId, ms]),
  };
  return { pacer, calls };
}

describe('Cloud API adapter: pacing and back-off (docs/decisions/042-cloud-pacing.md)', () => {
  const paced = (pacer: CloudPacer) =>
    createCloudClient({
      graphUrl: base,
      graphVersion: 'v23.0',
      pacer,
      backoffBaseMs: 100,
      credentials: async () => ({ phoneNumberId: '106540352242922', accessToken: 'EAAG-token' }),
    });

  it('takes a slot before each send, and sends again after refusals for rate, holding back the right slot', async () => {
    const answers: Reply[] = [
      { ...graphError(429, 130429, 'Rate limit hit'), headers: { 'retry-after': '2' } },
      graphError(400, 131056, '(Business Account, Consumer Account) pair rate limit hit'),
      { status: 429, raw: Buffer.from('Too Many Requests'), type: 'text/plain' },
      sent('wamid.DEPOIS'),
    ];
    answer = () => answers.shift()!;
    const { pacer, calls } = recordingPacer();
    const message = await paced(pacer).sendText('cloud-1', { number: '5511999990000@s.whatsapp.net', text: 'Parte 1' });
    expect(message.key.id).toBe('wamid.DEPOIS');
    // The same message four times at Meta, three of them refused: it went out once.
    expect(seen).toHaveLength(4);
    expect(new Set(seen.map((s) => s.body)).size).toBe(1);
    expect(calls.take).toEqual(Array(4).fill('106540352242922|5511999990000'));
    const [number, pair, bare] = calls.holdBack;
    // Retry-After is respected; otherwise base·2^(n-1) with ±20 % jitter.
    expect(number).toEqual(['106540352242922', null, 2000]);
    expect(pair![1]).toBe('5511999990000');
    expect(pair![2]).toBeGreaterThanOrEqual(160);
    expect(pair![2]).toBeLessThanOrEqual(240);
    expect(bare![1]).toBeNull();
    expect(bare![2]).toBeGreaterThanOrEqual(320);
    expect(bare![2]).toBeLessThanOrEqual(480);
  });

  it('gives up after a bounded number of refusals for rate, refused (nothing went out)', async () => {
    answer = () => graphError(429, 130429, 'Rate limit hit');
    const { pacer, calls } = recordingPacer();
    const err = await paced(pacer)
      .sendText('cloud-1', { number: '5511999990000', text: 'oi' })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 429, outcome: 'refused' });
    expect(seen).toHaveLength(6);
    expect(calls.holdBack.every(([, , ms]) => ms <= 60_000)).toBe(true);
  });

  it('never sends again on its own after any other failure: other refusals and unknown outcomes go to the engine', async () => {
    const { pacer } = recordingPacer();
    answer = () => graphError(500, 131000, 'Something went wrong');
    await expect(paced(pacer).sendText('cloud-1', { number: '55', text: 'oi' })).rejects.toMatchObject({
      outcome: 'refused',
    });
    expect(seen).toHaveLength(1);
    answer = () => ({ status: 503, raw: Buffer.from('Service Unavailable'), type: 'text/plain' });
    await expect(paced(pacer).sendText('cloud-1', { number: '55', text: 'oi' })).rejects.toMatchObject({
      outcome: 'unknown',
    });
    expect(seen).toHaveLength(2);
    // Meta keeps no history: the engine hears "cannot tell", never "absent" (which would send again).
    await expect(paced(pacer).findMessages('cloud-1', { remoteJid: '55@s.whatsapp.net' })).rejects.toBeInstanceOf(
      GatewayError,
    );
  });
});

describe("the owner's template sends: paced and backed off like every Cloud send, sent once", () => {
  const key = randomBytes(32);
  const number = { phoneNumberId: '106540352242922', wabaId: '102290129340398', sealed: sealSecret(key, 'EAAG-token') };
  const template = { name: 'pedido_pronto', language: 'pt_BR', values: ['Carla'] };
  const templates = (pacer: CloudPacer) =>
    createCloudTemplates({ graphUrl: base, graphVersion: 'v23.0', key, pacer, backoffBaseMs: 100 });

  it('takes the slots, holds back the refused one on 429/130429 and 131056, and sends the same template again', async () => {
    const answers: Reply[] = [
      { ...graphError(429, 130429, 'Rate limit hit'), headers: { 'retry-after': '1' } },
      graphError(400, 131056, '(Business Account, Consumer Account) pair rate limit hit'),
      sent('wamid.MODELO'),
    ];
    answer = () => answers.shift()!;
    const { pacer, calls } = recordingPacer();
    expect(await templates(pacer).sendTemplate(number, '5511999990000@s.whatsapp.net', template)).toBe('wamid.MODELO');
    expect(seen).toHaveLength(3);
    expect(new Set(seen.map((s) => s.body)).size).toBe(1);
    expect(seen[0]!.url).toBe('/v23.0/106540352242922/messages');
    expect(JSON.parse(seen[0]!.body)).toMatchObject({ to: '5511999990000', type: 'template' });
    expect(calls.take).toEqual(Array(3).fill('106540352242922|5511999990000'));
    expect(calls.holdBack[0]).toEqual(['106540352242922', null, 1000]);
    expect(calls.holdBack[1]![1]).toBe('5511999990000');
  });

  it('any other refusal, and an answer that says nothing, are never sent again (Meta charges what it accepts)', async () => {
    const { pacer } = recordingPacer();
    answer = () => graphError(400, 132001, 'Template name does not exist in the translation');
    await expect(templates(pacer).sendTemplate(number, '5511999990000', template)).rejects.toMatchObject({
      code: 'UPSTREAM',
      message: 'A Meta recusou o modelo (#132001 Template name does not exist in the translation).',
    });
    expect(seen).toHaveLength(1);
    answer = () => ({ status: 503, raw: Buffer.from('Service Unavailable'), type: 'text/plain' });
    await expect(templates(pacer).sendTemplate(number, '5511999990000', template)).rejects.toMatchObject({
      code: 'UPSTREAM',
      message: expect.stringContaining('Confira no WhatsApp'),
    });
    expect(seen).toHaveLength(2);
  });
});
