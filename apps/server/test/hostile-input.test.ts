/**
 * docs/decisions/010-input-hardening.md: malformed and hostile input is a 4xx, never a 500 — and a webhook carrying text
 * PostgreSQL cannot store (U+0000, a lone surrogate) is stored repaired, never refused or lost.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, gatewayEvents, messages, user } from '../src/db/schema/index.ts';
import { WEBHOOK_SECRET_HEADER } from '../src/integrations/gateway/index.ts';
import { MAX_JSON_DEPTH, TOO_DEEP_MESSAGE } from '../src/plugins/input-hardening.ts';
import { fixtures } from './fixtures/engine-webhooks.ts';
import { insertNumber, waitFor } from './helpers/gateway-helpers.ts';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestClient } from './helpers/test-app.ts';

let t: TestApp;
let owner: TestClient;
let ownerId: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = t.client();
  await owner.registerOk();
  ownerId = (await owner.get('/api/account/me')).json().user.id;
});
afterAll(async () => {
  await t?.close();
});

const json = { 'content-type': 'application/json' };
const nested = (levels: number, leaf = '1') => '['.repeat(levels) + leaf + ']'.repeat(levels);

function postWebhook(number: { instanceName: string; token: string }, body: string) {
  return t.app.inject({
    method: 'POST',
    url: `/webhooks/gateway/${number.instanceName}`,
    headers: { ...json, [WEBHOOK_SECRET_HEADER]: number.token },
    payload: body,
  });
}

describe('text PostgreSQL cannot store', () => {
  it('a webhook with U+0000 in the text and a lone surrogate in pushName is stored with U+FFFD, and reaches the inbox', async () => {
    const number = await insertNumber(t.database.db, ownerId);
    const data = fixtures.text('PLACEHOLDER_TEXT', { pushName: 'PLACEHOLDER_NAME' });
    // Written by hand: JSON.stringify would never produce these escapes from a well-formed string.
    const body = JSON.stringify({ event: 'messages.upsert', instance: number.instanceName, data })
      .replace('PLACEHOLDER_TEXT', 'Oi\\u0000 tudo bem?')
      .replace('PLACEHOLDER_NAME', 'Ana \\ud83d');

    const res = await postWebhook(number, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, outcome: 'stored' });

    const [row] = await t.database.db.select().from(gatewayEvents).where(eq(gatewayEvents.numberId, number.id));
    const payload = row!.payload as { data: { pushName: string; message: { conversation: string } } };
    expect(payload.data.message.conversation).toBe('Oi\uFFFD tudo bem?');
    expect(payload.data.pushName).toBe('Ana \uFFFD');

    // The engine turns it into a conversation and a message like any other.
    const message = await waitFor(
      async () => {
        const rows = await t.database.db
          .select()
          .from(messages)
          .innerJoin(conversations, eq(messages.convId, conversations.id))
          .where(eq(conversations.numberId, number.id));
        return rows[0];
      },
      { what: 'the stored message' },
    );
    expect(message.messages.content).toBe('Oi\uFFFD tudo bem?');
    expect(message.conversations.contactName).toBe('Ana \uFFFD');
  });

  it('a webhook with U+0000 inside an object key is stored too', async () => {
    const number = await insertNumber(t.database.db, ownerId);
    const body = JSON.stringify({
      event: 'messages.upsert',
      instance: number.instanceName,
      data: { ...fixtures.text('Oi'), PLACEHOLDER: 1 },
    }).replace('PLACEHOLDER', 'chave\\u0000\\udc00');
    const res = await postWebhook(number, body);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('API bodies get the same repair: registration with U+0000 and a lone surrogate in the name is no 500', async () => {
    const person = t.client();
    const body = JSON.stringify({
      fullName: 'NAME',
      email: `nul.${Date.now()}@exemplo.com.br`,
      phone: '+5511987654321',
      password: 'senha-forte-123',
      confirmPassword: 'senha-forte-123',
    }).replace('NAME', 'Ana\\u0000 Souza \\ud83d');
    const res = await person.request({ method: 'POST', url: '/api/account/register', headers: json, payload: body });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().user.name).toBe('Ana\uFFFD Souza \uFFFD');
  });

  it('U+0000 in an e-mail at sign-in and in a query string are 4xx', async () => {
    const signIn = await t.client().request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: json,
      payload: '{"email":"a\\u0000@b.com","password":"x\\ud800yyyyyyyy"}',
    });
    expect(signIn.statusCode).toBeGreaterThanOrEqual(400);
    expect(signIn.statusCode).toBeLessThan(500);
    const list = await owner.get('/api/conversations?cursor=%00&x=%ud83d');
    expect(list.statusCode).toBe(400);
  });
});

describe('deeply nested JSON', () => {
  it(`is refused with 400 above ${MAX_JSON_DEPTH} levels, on webhooks (before the secret is checked) and on /api/auth/*`, async () => {
    const number = await insertNumber(t.database.db, ownerId);
    const deep = `{"event":"messages.upsert","instance":"${number.instanceName}","data":${nested(10_000)}}`;
    const webhook = await postWebhook(number, deep);
    expect(webhook.statusCode).toBe(400);
    expect(webhook.json().error).toEqual({ code: 'VALIDATION', message: TOO_DEEP_MESSAGE });
    expect(await t.database.db.select().from(gatewayEvents).where(eq(gatewayEvents.numberId, number.id))).toEqual([]);

    for (const url of [
      '/api/auth/sign-in/email',
      '/api/auth/sign-out',
      '/api/auth/update-user',
      '/api/auth/qualquer-coisa',
      '/api/account/register',
      '/api/agents/x',
    ]) {
      const res = await owner.request({
        method: url === '/api/agents/x' ? 'PATCH' : 'POST',
        url,
        headers: json,
        payload: `{"email":${nested(50_000, '"x"')}}`,
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.message, url).toBe(TOO_DEEP_MESSAGE);
    }
  });

  it(`objects exactly ${MAX_JSON_DEPTH} levels deep still pass, and brackets inside strings do not count`, async () => {
    const number = await insertNumber(t.database.db, ownerId);
    const data = { ...fixtures.text('[[[[{{{{ "\\"[[[['.repeat(50)), extra: JSON.parse(nested(MAX_JSON_DEPTH - 2)) };
    const res = await postWebhook(
      number,
      JSON.stringify({ event: 'messages.upsert', instance: number.instanceName, data }),
    );
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('paths', () => {
  it.each([
    '/webhooks/gateway/%00',
    '/webhooks/gateway/%00/messages-upsert',
    '/webhooks/gateway/%ff',
    '/webhooks/gateway/%E0%A4%A',
    '/webhooks/gateway/a%ED%A0%BDb',
  ])('POST %s without a secret is a 4xx', async (url) => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: json,
      payload: '{"event":"messages.upsert","instance":"x","data":{}}',
    });
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('U+0000 in an API path is 400 or 404, never a 500', async () => {
    for (const url of [
      '/api/agents/%00',
      '/api/conversations/%00/messages',
      '/api/numbers/%00',
      '/api/account/password-reset/%00',
    ]) {
      const res = await owner.get(url);
      expect([400, 404], `${url}: ${res.body}`).toContain(res.statusCode);
    }
  });
});

describe('page cursors', () => {
  const cursor = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
  it.each([
    '2024-02-30T10:00:00.000000Z',
    '2023-02-29T10:00:00.000000Z',
    '2024-13-01T10:00:00.000000Z',
    '2024-01-01T24:00:00.000000Z',
    '0000-01-01T00:00:00.000000Z',
    '2024-02-30T10:00:00Z',
  ])('an impossible date (%s) is 400', async (at) => {
    const c = cursor(`${at}|0b7e4a1e-8c1f-4c2a-9a55-1f1a2b3c4d5e`);
    const res = await owner.get(`/api/conversations?cursor=${c}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION');
  });

  it('a real leap day still works', async () => {
    const res = await owner.get(
      `/api/conversations?cursor=${cursor('2024-02-29T10:00:00.000000Z|0b7e4a1e-8c1f-4c2a-9a55-1f1a2b3c4d5e')}`,
    );
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('profile changes through better-auth', () => {
  it('POST /api/auth/update-user is closed: a null, huge or object name changes nothing', async () => {
    const before = (await owner.get('/api/account/me')).json().user.name;
    for (const name of [null, 'x'.repeat(5000), { a: 1 }, 'Outro Nome']) {
      const res = await owner.post('/api/auth/update-user', { name });
      expect(res.statusCode, res.body).toBe(404);
    }
    const [row] = await t.database.db.select().from(user).where(eq(user.id, ownerId));
    expect(row!.name).toBe(before);
  });
});

describe('cache', () => {
  it('personal-data answers carry Cache-Control: no-store', async () => {
    for (const url of ['/api/account/me', '/api/conversations', '/api/agents', '/api/numbers', '/api/usage']) {
      const res = await owner.get(url);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const refused = await t.client().get('/api/account/me');
    expect(refused.headers['cache-control']).toBe('no-store');
  });
});

it('the test client sends the app origin (sanity for the suite)', () => {
  expect(TEST_ORIGIN).toBe(t.env.appUrl);
});
