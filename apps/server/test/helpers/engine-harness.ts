/**
 * The conversation engine under test, end to end over real connections: the real app listening on
 * 127.0.0.1, the built-in WhatsApp simulator as its gateway (HTTP both ways: REST calls and webhooks),
 * and a fake OpenAI-compatible server on 127.0.0.1 as the AI (it records every request).
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type net from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { agentes, numbers } from '../../src/db/schema/index.ts';
import { gatewayWebhookConfig, WEBHOOK_SECRET_HEADER } from '../../src/integrations/gateway/index.ts';
import type { Env } from '../../src/config/env.ts';
import type { Db } from '../../src/db/client.ts';
import type { Mailer } from '../../src/integrations/mail/mailer.ts';
import type { Gateway } from '../../src/integrations/gateway/gateway.ts';
import { createTestApp, newPerson, type TestApp, type TestClient } from './test-app.ts';
import { freePort } from './free-port.ts';
import {
  type CloudNumber,
  cloudCustomerMedia,
  cloudCustomerSays,
  cloudInbound,
  cloudOwnerWrites,
  cloudSentToCustomers,
  cloudTypingTo,
  connectCloudNumber,
  type CustomerMedia,
  postMetaWebhook,
  type ShopKind,
} from './cloud-shop.ts';
export { freePort } from './free-port.ts';

export interface LlmCall {
  messages: { role: string; content: string }[];
  at: number;
  /** The whole request body (model, temperature, max_tokens…). */
  body: Record<string, unknown>;
}

/** One POST /audio/transcriptions the fake received (multipart: the fields it cares about). */
export interface TranscriptionCall {
  at: number;
  model: string | null;
  filename: string | null;
  bytes: number;
}

/** One answer of the fake AI: text, function calls (OpenAI `tool_calls`), or an error status and message. */
export interface FakeLlmAnswer {
  status?: number;
  content?: string | null;
  toolCalls?: { id: string; name: string; arguments: string }[];
  /** The error's message when status is not 200 (default 'falhou'). */
  error?: string;
}

export interface FakeLlm {
  url: string;
  calls: LlmCall[];
  transcriptions: TranscriptionCall[];
  /** How transcriptions are answered; default: 'Transcrição <n>'. */
  transcribe: (call: TranscriptionCall, n: number) => Promise<{ status?: number; text?: string }>;
  /** How the next calls are answered; default: 'Resposta da IA <n>' at once. */
  respond: (call: LlmCall, n: number) => Promise<FakeLlmAnswer>;
  close(): Promise<void>;
}

export async function startFakeLlm(): Promise<FakeLlm> {
  const fake: FakeLlm = {
    url: '',
    calls: [],
    transcriptions: [],
    transcribe: async (_c, n) => ({ text: `Transcrição ${n}` }),
    respond: async (_c, n) => ({ content: `Resposta da IA ${n}` }),
    close: async () => {},
  };
  const server = http.createServer((req, res) => {
    let body = '';
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      chunks.push(c);
      body += c;
    });
    req.on('end', () => {
      if (req.method === 'POST' && req.url?.endsWith('/audio/transcriptions')) {
        const raw = Buffer.concat(chunks).toString('latin1');
        const call: TranscriptionCall = {
          at: Date.now(),
          model: /name="model"\r\n\r\n([^\r]*)/.exec(raw)?.[1] ?? null,
          filename: /name="file"; filename="([^"]*)"/.exec(raw)?.[1] ?? null,
          bytes: chunks.reduce((n, c) => n + c.length, 0),
        };
        fake.transcriptions.push(call);
        fake
          .transcribe(call, fake.transcriptions.length)
          .then(({ status = 200, text = '' }) => {
            res.writeHead(status, { 'content-type': 'application/json' });
            res.end(JSON.stringify(status === 200 ? { text } : { error: { message: 'falhou' } }));
          })
          .catch(() => res.writeHead(500).end());
        return;
      }
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404).end();
        return;
      }
      const parsed = JSON.parse(body) as { messages: LlmCall['messages'] } & Record<string, unknown>;
      const call = { messages: parsed.messages, at: Date.now(), body: parsed };
      fake.calls.push(call);
      fake
        .respond(call, fake.calls.length)
        .then(({ status = 200, content = 'ok', toolCalls, error = 'falhou' }) => {
          const message = toolCalls
            ? {
                role: 'assistant',
                content,
                tool_calls: toolCalls.map((c) => ({
                  id: c.id,
                  type: 'function',
                  function: { name: c.name, arguments: c.arguments },
                })),
              }
            : { role: 'assistant', content };
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify(
              status === 200
                ? {
                    id: 'chatcmpl-1',
                    object: 'chat.completion',
                    created: 0,
                    model: 'fake',
                    choices: [{ index: 0, message, finish_reason: toolCalls ? 'tool_calls' : 'stop' }],
                  }
                : { error: { message: error } },
            ),
          );
        })
        .catch(() => res.writeHead(500).end());
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  fake.url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/v1`;
  fake.close = () => new Promise((r) => server.close(() => r()));
  return fake;
}

export interface EngineApp {
  t: TestApp;
  llm: FakeLlm;
  baseUrl: string;
  close(): Promise<void>;
}

/** The real app on a real port with the simulator and the fake AI; env adds or overrides settings. */
export async function startEngineApp(
  env: Record<string, string> = {},
  options: { gateway?: (env: Env, baseUrl: string, db: Db) => Gateway; port?: number; mailer?: Mailer } = {},
): Promise<EngineApp> {
  const llm = await startFakeLlm();
  // The app must know its address before it listens (the simulator calls its webhooks there), so the
  // port is picked first; another test process may take it in between, then a new one is tried.
  for (let attempt = 1; ; attempt++) {
    const port = options.port ?? (await freePort());
    const baseUrl = `http://127.0.0.1:${port}`;
    const t = await createTestApp({
      gateway: options.gateway ? (appEnv, db) => options.gateway!(appEnv, baseUrl, db) : undefined,
      mailer: options.mailer,
      env: {
        GATEWAY_WEBHOOK_BASE_URL: baseUrl,
        SIMULATOR_ENABLED: 'true',
        AI_PROVIDER: 'openai',
        AI_BASE_URL: llm.url,
        AI_MAX_RETRIES: '0',
        AI_TIMEOUT_MS: '10000',
        ENGINE_MIN_QUIET_MS: '400',
        ENGINE_RETRY_BASE_MS: '50',
        // Cloud API numbers: split parts 200 ms apart and short back-offs keep the tests quick.
        META_PAIR_SPACING_MS: '200',
        META_BACKOFF_BASE_MS: '50',
        ...env,
      },
    });
    try {
      await t.app.listen({ port, host: '127.0.0.1' });
    } catch (err) {
      await t.close();
      if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE' && !options.port && attempt < 5) continue;
      await llm.close();
      throw err;
    }
    return {
      t,
      llm,
      baseUrl,
      async close() {
        const started = Date.now();
        await t.close();
        if (Date.now() - started > 10_000) console.warn(`engine app took ${Date.now() - started} ms to close`);
        await llm.close();
      },
    };
  }
}

export interface Shop {
  client: TestClient;
  userId: string;
  agentId: string;
  number: { id: string; instanceName: string; token: string; phone: string };
  /** 'evolution' (QR code, the simulator) unless opened with `kind: 'cloud'`. */
  kind: ShopKind;
  /** A Cloud API number's ids and token (cloud-shop.ts). */
  cloud?: CloudNumber;
}

let seq = 0;

/**
 * A signed-up user with a trained agent (timing seconds), a number connected through the simulator
 * (instance created with our webhook, QR approved by the 'phone'; or, with `kind: 'cloud'`, through
 * Meta's Embedded Signup on the simulator's Cloud mode) and the agent linked to it. The owner has
 * confirmed the e-mail through the outbox's link.
 */
export async function openShop(
  e: EngineApp,
  opts: { timing?: number; linkAgent?: boolean; kind?: ShopKind } = {},
): Promise<Shop> {
  const { t } = e;
  const client = t.client();
  const person = newPerson();
  const reg = await client.register(person);
  if (reg.statusCode !== 201) throw new Error(`register: ${reg.statusCode} ${reg.body}`);
  const userId = reg.json().user.id as string;
  // A live shop's owner has confirmed the e-mail (inviting and Pix need it; decision 051).
  await client.confirmEmail(t.database.db, person.email);
  const [agent] = await t.database.db
    .insert(agentes)
    .values({
      userId,
      apelido: 'Luna',
      systemPrompt: 'Você é Luna, assistente de vendas da Loja Sol. Responda em português.',
      timing: opts.timing ?? 0,
    })
    .returning();
  seq += 1;
  const phone = `55119${`${Date.now()}${seq}`.slice(-8)}`;
  if (opts.kind === 'cloud') {
    const cloud = await connectCloudNumber(e, client, phone);
    await t.database.db
      .update(numbers)
      .set({ agente: opts.linkAgent === false ? null : agent!.id })
      .where(eq(numbers.id, cloud.id));
    const { id, instanceName, token } = cloud;
    return { client, userId, agentId: agent!.id, number: { id, instanceName, token, phone }, kind: 'cloud', cloud };
  }
  const instanceName = `vendai-eng-${randomBytes(4).toString('hex')}-${seq}`;
  const token = randomBytes(16).toString('hex');
  const [number] = await t.database.db
    .insert(numbers)
    .values({ userId, token, phone, instanceName, apelido: 'Loja' })
    .returning();
  const gateway = t.app.deps.gateway;
  await gateway.createInstance({ instanceName, ...gatewayWebhookConfig(t.env, { instanceName, token }) });
  await gateway.connect(instanceName);
  // The owner's browser plays the phone on the simulator page (it needs the owner's session).
  const view = await client.get(`/simulator/ui-api/instances/${instanceName}`);
  const approveCode = view.json().qr?.approveCode as string;
  const approved = await client.post(`/simulator/ui-api/instances/${instanceName}/approve`, {
    code: approveCode,
    phone,
  });
  if (approved.statusCode !== 200) throw new Error(`approve: ${approved.statusCode} ${approved.body}`);
  await waitFor(
    async () =>
      (await t.database.db.select().from(numbers).where(eq(numbers.id, number!.id)))[0]?.status === 'CONECTADO',
    'number connected',
  );
  if (opts.linkAgent !== false)
    await t.database.db.update(numbers).set({ agente: agent!.id }).where(eq(numbers.id, number!.id));
  return {
    client,
    userId,
    agentId: agent!.id,
    number: { id: number!.id, instanceName, token, phone },
    kind: 'evolution',
  };
}

/** Posts a webhook to the real endpoint, as the gateway would. */
export async function postWebhook(e: EngineApp, shop: Shop, event: string, data: unknown) {
  const res = await e.t.app.inject({
    method: 'POST',
    url: `/webhooks/gateway/${shop.number.instanceName}`,
    headers: { [WEBHOOK_SECRET_HEADER]: shop.number.token },
    payload: {
      event,
      instance: shop.number.instanceName,
      data,
      date_time: new Date().toISOString(),
      sender: `${shop.number.phone}@s.whatsapp.net`,
      server_url: e.baseUrl,
      apikey: null,
    },
  });
  if (res.statusCode !== 200) throw new Error(`webhook ${event}: ${res.statusCode} ${res.body}`);
  return res.json() as { ok: true; outcome: string };
}

/** The person plays a customer in the simulator: a real messages.upsert reaches the app. */
export async function customerSays(
  e: EngineApp,
  shop: Shop,
  text: string,
  customer = { phone: '5511977770000', name: 'Carla Dias' },
  extra: Record<string, unknown> = {},
) {
  if (shop.kind === 'cloud') return cloudCustomerSays(e, shop, text, customer);
  const res = await shop.client.post(`/simulator/ui-api/instances/${shop.number.instanceName}/messages`, {
    customer,
    message: { type: 'text', text },
    ...extra,
  });
  if (res.statusCode !== 201) throw new Error(`customer message: ${res.statusCode} ${res.body}`);
  return res.json() as { chatId: string; keyId: string };
}

/**
 * The customer sends media (a voice note, an image, a document): through the simulator page on a QR
 * number, uploaded to the fake's Graph API and named in Meta's webhook on a Cloud number.
 */
export async function customerSendsMedia(
  e: EngineApp,
  shop: Shop,
  media: CustomerMedia,
  customer = { phone: '5511977770000', name: 'Carla Dias' },
  extra: Record<string, unknown> = {},
) {
  if (shop.kind === 'cloud') return cloudCustomerMedia(e, shop, media, customer);
  const res = await shop.client.post(`/simulator/ui-api/instances/${shop.number.instanceName}/messages`, {
    customer,
    message: media,
    ...extra,
  });
  if (res.statusCode !== 201) throw new Error(`customer media: ${res.statusCode} ${res.body}`);
  return res.json() as { chatId: string; keyId: string };
}

/**
 * The owner writes to a customer from the phone: Evolution's fromMe upsert on a QR number; on a Cloud
 * number, Meta's echo of a message typed in the WhatsApp Business app (coexistence).
 */
export async function ownerWritesFromPhone(
  e: EngineApp,
  shop: Shop,
  text: string,
  toPhone = '5511977770000',
): Promise<{ keyId: string }> {
  if (shop.kind === 'cloud') return cloudOwnerWrites(e, shop, text, toPhone);
  const keyId = `OWN${randomBytes(6).toString('hex').toUpperCase()}`;
  await postWebhook(e, shop, 'messages.upsert', {
    key: { remoteJid: `${toPhone}@s.whatsapp.net`, fromMe: true, id: keyId },
    message: { conversation: text },
    messageType: 'conversation',
    messageTimestamp: Math.floor(Date.now() / 1000),
  });
  return { keyId };
}

/**
 * The gateway delivers one customer text `times` times (retries, replays): Evolution's upsert on a QR
 * number, Meta's identical webhook on a Cloud number. How many deliveries the app stored (not replays).
 */
export async function deliverCustomerText(
  e: EngineApp,
  shop: Shop,
  text: string,
  times: number,
  customer = { phone: '5511977770000', name: 'Carla Dias' },
): Promise<number> {
  let stored = 0;
  const value = cloudInbound(customer, 'text', { body: text });
  const data = {
    key: {
      remoteJid: `${customer.phone}@s.whatsapp.net`,
      fromMe: false,
      id: `REPLAY${randomBytes(6).toString('hex')}`,
    },
    pushName: customer.name,
    message: { conversation: text },
    messageType: 'conversation',
    messageTimestamp: Math.floor(Date.now() / 1000),
  };
  for (let i = 0; i < times; i++) {
    if (shop.kind === 'cloud') stored += (await postMetaWebhook(e, shop, value)).stored;
    else if ((await postWebhook(e, shop, 'messages.upsert', data)).outcome === 'stored') stored++;
  }
  return stored;
}

/** Whether the customer sees the number typing ("digitando…") now, on either kind of number. */
export async function customerSeesTyping(e: EngineApp, shop: Shop, phone = '5511977770000'): Promise<boolean> {
  if (shop.kind === 'cloud') return cloudTypingTo(shop, phone);
  const rows = await e.t.database.db.execute(sql`
    select c.presence from sim_chats c join sim_instances i on i.id = c.instance_id
    where i.name = ${shop.number.instanceName} and c.remote_jid = ${`${phone}@s.whatsapp.net`}
      and c.presence_until > now()`);
  return (rows as unknown as { rows: { presence: string | null }[] }).rows[0]?.presence === 'composing';
}

/** What reached the customer: text messages the gateway sent from this number. */
export async function sentToCustomers(e: EngineApp, shop: Shop): Promise<{ remoteJid: string; text: string }[]> {
  if (shop.kind === 'cloud')
    return (await cloudSentToCustomers(e, shop)).map(({ remoteJid, text }) => ({ remoteJid, text }));
  const rows = await e.t.database.db.execute(sql`
    select m.remote_jid, m.content->>'conversation' as text from sim_messages m join sim_instances i on i.id = m.instance_id
    where i.name = ${shop.number.instanceName} and m.from_me order by m.created_at, m.id`);
  return ((rows as unknown as { rows: { remote_jid: string; text: string }[] }).rows ?? []).map((r) => ({
    remoteJid: r.remote_jid,
    text: r.text,
  }));
}

export async function waitFor(
  check: () => Promise<boolean> | boolean,
  what: string,
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
