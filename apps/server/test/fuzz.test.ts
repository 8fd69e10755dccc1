/**
 * docs/decisions/010-input-hardening.md: a bounded, seeded fuzz run over the webhook and API routes on loopback — every route the
 * app registers (so new routes are fuzzed too), signed in and not, with hostile paths, query strings,
 * bodies and content types. Expected: no 5xx at all, the process alive, every webhook acknowledged as
 * stored really stored, and the engine still turning a clean message into an inbox message afterwards.
 * Reproduce a failure with FUZZ_SEED=<seed> (printed); FUZZ_REQUESTS changes the count.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { Pool } from 'undici';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { conversations, gatewayEvents, messages } from '../src/db/schema/index.ts';
import { WEBHOOK_SECRET_HEADER } from '../src/integrations/gateway/index.ts';
import { listRoutes } from '../src/plugins/origin-guard.ts';
import {
  createRandom,
  mutateJson,
  randomJsonValue,
  randomParam,
  randomQuery,
  randomRawBody,
  randomUpsertData,
  type Random,
} from './helpers/fuzz-inputs.ts';
import { createListeningTestApp, insertNumber, type ListeningTestApp, waitFor } from './helpers/gateway-helpers.ts';
import { fixtures } from './fixtures/engine-webhooks.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 1313);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 2500);
const CONCURRENCY = 8;

let t: ListeningTestApp;
let pool: Pool;
let cookie: string;
let number: Awaited<ReturnType<typeof insertNumber>>;
const realIds: string[] = [];

beforeAll(async () => {
  t = await createListeningTestApp();
  pool = new Pool(t.baseUrl, { connections: CONCURRENCY, pipelining: 0 });
  const owner = t.client();
  await owner.registerOk();
  cookie = owner.cookieHeader();
  const me = (await owner.get('/api/account/me')).json();
  number = await insertNumber(t.database.db, me.user.id);
  // One real conversation, so ids that exist are fuzzed too.
  await webhook(
    JSON.stringify({
      event: 'messages.upsert',
      instance: number.instanceName,
      data: fixtures.text('Oi, quero comprar'),
    }),
  );
  const conv = await waitFor(
    async () => (await t.database.db.select().from(conversations).where(eq(conversations.numberId, number.id)))[0],
    { what: 'the first conversation' },
  );
  realIds.push(conv.id);
}, 60_000);
afterAll(async () => {
  await pool?.close();
  await t?.close();
});

interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

async function send(req: Sent): Promise<{ status: number; text: string }> {
  const res = await pool.request({
    method: req.method as 'POST',
    path: req.path,
    headers: req.headers,
    body: req.body,
  });
  return { status: res.statusCode, text: await res.body.text() };
}

function webhook(
  body: string,
  path = `/webhooks/gateway/${number.instanceName}`,
  secret: string | null = number.token,
) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (secret !== null) headers[WEBHOOK_SECRET_HEADER] = secret;
  return send({ method: 'POST', path, headers, body });
}

/** Valid-looking bodies for the app's forms, to be mutated (so validation is passed now and then). */
const TEMPLATES: Record<string, unknown>[] = [
  { system_prompt: 'Você é a vendedora da loja.', timing: 5 },
  { agente_ativo: true },
  { text: 'Olá! Posso ajudar?' },
  { phone: '+5511987654321', apelido: 'Loja' },
  { apelido: 'Loja', agente: null },
  { email: 'alguem@exemplo.com.br', password: 'senha-errada-123' },
  {
    fullName: 'Ana Souza',
    email: 'ana@exemplo.com.br',
    phone: '+5511987654321',
    password: 'senha-forte-123',
    confirmPassword: 'senha-forte-123',
  },
  { mode: 'create', respostas: [{ key: 'negocio', pergunta: 'O que vende?', resposta: 'Roupas' }] },
  { newPassword: 'outra-senha-123', token: 'x' },
];
/** better-auth paths the fuzz may hit (not sign-out and friends: the run keeps its session). */
const AUTH_PATHS = [
  'sign-in/email',
  'get-session',
  'request-password-reset',
  'reset-password',
  'update-user',
  'change-email',
  'verify-email',
  'list-sessions',
  'nao-existe',
];
/**
 * Not fuzzed: the OpenAPI document, and the two erasures (docs/decisions/031-retention-and-data-rights.md),
 * which remove stored webhooks on purpose, so 'nothing acknowledged is lost' cannot hold after them
 * (their own tests cover hostile ids: another account's conversation is a 404, a wrong password deletes nothing).
 */
const SKIP = new Set(['/api/openapi.json', '/api/privacy/conversations/:id', '/api/privacy/delete-account']);

function apiRequest(r: Random, routes: readonly { method: string; url: string }[]): Sent {
  const route = r.pick(routes);
  let path = route.url
    .replace(/\/\*$/, route.url.startsWith('/api/auth') ? `/${r.pick(AUTH_PATHS)}` : `/${randomParam(r, realIds)}`)
    .replace(/:\w+/g, () => randomParam(r, realIds));
  path += randomQuery(r);
  const headers: Record<string, string> = {};
  if (r.chance(0.75)) headers.cookie = r.chance(0.95) ? cookie : 'vendai.session_token=%00%ff.invalido';
  headers.origin = r.chance(0.9) ? t.baseUrl : r.pick(['https://evil.example', 'null', '']);
  if (!headers.origin) delete headers.origin;
  if (route.method === 'GET' || route.method === 'HEAD') return { method: route.method, path, headers };
  if (r.chance(0.25)) {
    const raw = randomRawBody(r);
    if (raw.contentType) headers['content-type'] = raw.contentType;
    return { method: route.method, path, headers, body: raw.body };
  }
  headers['content-type'] = 'application/json';
  return {
    method: route.method,
    path,
    headers,
    body: r.chance(0.85) ? mutateJson(r, r.pick(TEMPLATES)) : randomJsonValue(r),
  };
}

function webhookRequest(r: Random, storedIds: Map<string, string>): Sent {
  const id = `3AFUZZ${randomUUID().replaceAll('-', '').slice(0, 16).toUpperCase()}`;
  const event = r.pick([
    'messages.upsert',
    'messages.upsert',
    'MESSAGES_UPSERT',
    'send.message',
    'messages.update',
    'contacts.upsert',
    'connection.update',
    'qrcode.updated',
    'presence.update',
    '',
    '\\u0000',
  ]);
  const instance = r.chance(0.9) ? number.instanceName : r.pick(['outra', '\\u0000', '']);
  const data =
    event.toLowerCase().includes('upsert') || event === 'send.message'
      ? randomUpsertData(r, id)
      : r.chance(0.5)
        ? '{"state":"open","keyId":"X","status":"READ"}'
        : randomJsonValue(r);
  let body = `{"event":"${event}","instance":"${instance}","data":${data},"apikey":"INSTANCE-TOKEN","date_time":"2026-11-22T10:00:00.000Z"}`;
  if (r.chance(0.05)) body = String(randomRawBody(r).body);
  const path = r.chance(0.9)
    ? `/webhooks/gateway/${number.instanceName}${r.chance(0.2) ? '/messages-upsert' : ''}`
    : `/webhooks/gateway/${randomParam(r, [])}`;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (r.chance(0.93)) headers[WEBHOOK_SECRET_HEADER] = number.token;
  else if (r.chance(0.5)) headers[WEBHOOK_SECRET_HEADER] = '\u00e9'.repeat(64);
  if (event.toLowerCase().includes('upsert') || event === 'send.message') storedIds.set(`${path}|${body}`, id);
  return { method: 'POST', path, headers, body };
}

it(`${REQUESTS} seeded hostile requests (seed ${SEED}): no 5xx, nothing acknowledged is lost, the process and the engine alive`, async () => {
  const r = createRandom(SEED);
  const routes = listRoutes(t.app).filter(
    (route) => !SKIP.has(route.url) && route.method !== 'OPTIONS' && !route.url.startsWith('/webhooks/'),
  );
  expect(routes.length).toBeGreaterThan(30);
  const requests: Sent[] = [];
  const upsertIds = new Map<string, string>();
  for (let i = 0; i < REQUESTS; i++)
    requests.push(r.chance(0.4) ? webhookRequest(r, upsertIds) : apiRequest(r, routes));

  const statuses = new Map<number, number>();
  const failures: string[] = [];
  const acknowledged: string[] = [];
  let next = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < requests.length) {
        const req = requests[next++]!;
        const res = await send(req);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status >= 500)
          failures.push(
            `${res.status} ${req.method} ${req.path.slice(0, 120)} ${String(req.body ?? '').slice(0, 200)} → ${res.text.slice(0, 200)}`,
          );
        const id = upsertIds.get(`${req.path}|${req.body}`);
        if (id && res.status === 200 && res.text.includes('"stored"')) acknowledged.push(id);
      }
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `fuzz seed ${SEED}: ${REQUESTS} requests in ${seconds.toFixed(1)} s; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}; ${acknowledged.length} hostile messages stored`,
  );
  expect(failures, `seed ${SEED}`).toEqual([]);

  // Alive and answering.
  expect((await send({ method: 'GET', path: '/api/health', headers: {} })).status).toBe(200);
  // Every message acknowledged as stored is stored (in gateway_events, for the engine).
  if (acknowledged.length) {
    const rows = await t.database.db
      .select({ key: gatewayEvents.eventKey })
      .from(gatewayEvents)
      .where(and(eq(gatewayEvents.numberId, number.id), inArray(gatewayEvents.eventKey, acknowledged)));
    expect(new Set(rows.map((row) => row.key))).toEqual(new Set(acknowledged));
  }
  // The engine survived whatever it ingested: a clean message still reaches the inbox.
  const clean = fixtures.text('Ainda estou aqui?', { key: { remoteJid: '5521977776666@s.whatsapp.net' } });
  expect(
    (await webhook(JSON.stringify({ event: 'messages.upsert', instance: number.instanceName, data: clean }))).status,
  ).toBe(200);
  await waitFor(
    async () => (await t.database.db.select().from(messages).where(eq(messages.externalId, clean.key.id))).length > 0,
    { what: 'the clean message in the inbox', timeoutMs: 30_000 },
  );
}, 180_000);
