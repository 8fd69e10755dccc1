/**
 * A Cloud API number end to end (docs/decisions/032-cloud-api-gateway.md): Meta's signed webhook
 * brings a customer's text, the engine answers it exactly as for a QR number, and the answer leaves
 * through the Graph API (a loopback server here) with the number's opened token.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { agentes, numbers } from '../src/db/schema/index.ts';
import { sealSecret } from '../src/lib/secret-box.ts';
import { startEngineApp, type EngineApp, waitFor } from './helpers/engine-harness.ts';
import { newPerson } from './helpers/test-app.ts';

const KEY = randomBytes(32);
const APP_SECRET = 'segredo-do-app-meta';
const PHONE_NUMBER_ID = `2065${Date.now()}`;
const sends: { url: string; auth: string | undefined; body: Record<string, unknown> }[] = [];
let graph: Server;
let e: EngineApp;

beforeAll(async () => {
  graph = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      sends.push({ url: req.url!, auth: req.headers.authorization, body: JSON.parse(raw || '{}') });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          messaging_product: 'whatsapp',
          messages: [{ id: `wamid.OUT${sends.length}` }],
          success: true,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => graph.listen(0, '127.0.0.1', resolve));
  e = await startEngineApp({
    META_GRAPH_URL: `http://127.0.0.1:${(graph.address() as AddressInfo).port}`,
    META_APP_SECRET: APP_SECRET,
    META_TOKEN_ENCRYPTION_KEY: KEY.toString('hex'),
  });
});
afterAll(async () => {
  await e?.close();
  await new Promise<void>((resolve) => graph.close(() => resolve()));
});

it('answers a customer of a Cloud number through the Graph API, as for a QR number', async () => {
  const { t } = e;
  const instanceName = `vendai-cloud-${randomBytes(4).toString('hex')}`;
  const reg = await t.client().register(newPerson());
  expect(reg.statusCode).toBe(201);
  const userId = reg.json().user.id as string;
  const [agent] = await t.database.db
    .insert(agentes)
    .values({ userId, apelido: 'Luna', systemPrompt: 'Você é Luna, da Loja Sol. Responda em português.', timing: 0 })
    .returning();
  await t.database.db.insert(numbers).values({
    userId,
    token: randomBytes(16).toString('hex'),
    phone: `55118${Date.now().toString().slice(-8)}`,
    instanceName,
    provider: 'cloud',
    status: 'CONECTADO',
    connectedAt: new Date(Date.now() - 60_000),
    agente: agent!.id,
    cloudPhoneNumberId: PHONE_NUMBER_ID,
    cloudTokenSealed: sealSecret(KEY, 'EAAG-loja-sol'),
  });

  const raw = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'WABA',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: PHONE_NUMBER_ID },
              contacts: [{ profile: { name: 'Cliente' }, wa_id: '5511977776666' }],
              messages: [
                {
                  from: '5511977776666',
                  id: 'wamid.IN-CLOUD-1',
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  type: 'text',
                  text: { body: 'Oi! Vocês abrem amanhã?' },
                },
              ],
            },
          },
        ],
      },
    ],
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/webhooks/meta',
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': `sha256=${createHmac('sha256', APP_SECRET).update(raw).digest('hex')}`,
    },
    payload: raw,
  });
  expect(res.json()).toMatchObject({ stored: 1 });

  await waitFor(() => sends.some((s) => s.body.type === 'text'), 'a text sent through the Graph API');
  const reply = sends.find((s) => s.body.type === 'text')!;
  expect(reply.url).toBe(`/v21.0/${PHONE_NUMBER_ID}/messages`);
  expect(reply.auth).toBe('Bearer EAAG-loja-sol');
  expect(reply.body).toMatchObject({ messaging_product: 'whatsapp', to: '5511977776666' });
  expect(String((reply.body.text as { body: string }).body).length).toBeGreaterThan(0);

  // "digitando…" on a Cloud number: Meta's typing indicator on the chat's newest received message.
  await t.app.deps.gateway.sendPresence(instanceName, { number: '5511977776666', presence: 'composing', delayMs: 0 });
  expect(sends.at(-1)!.body).toEqual({
    messaging_product: 'whatsapp',
    status: 'read',
    message_id: 'wamid.IN-CLOUD-1',
    typing_indicator: { type: 'text' },
  });
});
