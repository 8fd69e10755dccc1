import {
  AGENT_NOT_FOUND_MESSAGE,
  AI_SWITCH_INVALID,
  INVALID_CURSOR,
  INVALID_PHONE,
  SIM_CHAT_NOT_FOUND,
  SIM_PHONE_INVALID,
} from '@vendai/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * House rule (docs/decisions/009-lint-format-and-boundaries.md): every route declares its schemas on the route. @fastify/swagger collects
 * every route the app registers (through Fastify's onRoute hook, installed before any route), so the
 * generated document is the list of registered routes: a route without a schema shows up in it with
 * no response content and fails here.
 */

type Operation = {
  parameters?: { in: string; name: string; schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
};
type OpenApiDoc = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** Routes that are not ours to describe, with the reason. Nothing else may go without schemas. */
const EXEMPT: Record<string, string> = {
  // better-auth's own handler behind a proxy: it validates its bodies itself and its answers are
  // better-auth's (errors rewritten in Portuguese by auth-routes.ts).
  '/api/auth/*': 'better-auth',
  '/api/auth/sign-in/email': 'better-auth',
  '/api/auth/request-password-reset': 'better-auth',
  '/api/auth/reset-password': 'better-auth',
};
const isExempt = (path: string) => Object.hasOwn(EXEMPT, path) || path.startsWith('/api/auth/');

let t: TestApp;
let doc: OpenApiDoc;
beforeAll(async () => {
  t = await createTestApp({ env: { SIMULATOR_ENABLED: 'true' } });
  const res = await t.client().get('/api/openapi.json');
  expect(res.statusCode).toBe(200);
  doc = res.json() as OpenApiDoc;
});
afterAll(async () => {
  await t?.close();
});

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
function operations() {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ path, method, op })),
  );
}

describe('route schemas (OpenAPI document generated from the routes)', () => {
  it('lists the API, the gateway webhooks and the simulator, each route with the methods it has', () => {
    const list = operations().map(({ path, method }) => `${method.toUpperCase()} ${path}`);
    for (const route of [
      'GET /api/health',
      'GET /api/config',
      'POST /api/account/register',
      'GET /api/account/password-reset/{code}',
      'GET /api/account/me',
      'GET /api/plans/',
      'GET /api/usage/',
      'GET /api/numbers/',
      'POST /api/numbers/',
      'POST /api/numbers/check-phone',
      'GET /api/numbers/{id}/qr',
      'GET /api/numbers/{id}/state',
      'POST /api/numbers/{id}/expire',
      'POST /api/numbers/{id}/reconnect',
      'PATCH /api/numbers/{id}',
      'DELETE /api/numbers/{id}',
      'GET /api/agents/',
      'GET /api/agents/current',
      'GET /api/agents/{id}',
      'PATCH /api/agents/{id}',
      'DELETE /api/agents/{id}',
      'GET /api/conversations/',
      'GET /api/conversations/count',
      'GET /api/conversations/{id}',
      'PATCH /api/conversations/{id}',
      'POST /api/conversations/{id}/read',
      'GET /api/conversations/{id}/messages',
      'POST /api/conversations/{id}/messages',
      'GET /api/conversations/{id}/avatar',
      'POST /api/training/questions',
      'POST /api/training/finish',
      'GET /api/realtime',
      'GET /api/media/{owner}/{file}',
      'POST /webhooks/gateway/{instance}',
      'POST /webhooks/gateway/{instance}/{event}',
      'POST /simulator/api/instance/create',
      'GET /simulator/api/instance/connect/{instanceName}',
      'POST /simulator/api/message/sendText/{instanceName}',
      'GET /simulator/ui-api/instances',
      'POST /simulator/ui-api/instances/{name}/approve',
      'GET /simulator/ui-api/instances/{name}/chats/{chatId}',
      'POST /simulator/ui-api/instances/{name}/messages',
      'GET /simulator/ui-api/media/{id}',
    ]) {
      expect(list, route).toContain(route);
    }
    expect(
      list.some((r) => r.includes('openapi.json')),
      'the document does not describe itself',
    ).toBe(false);
  });

  it('every /api, /webhooks and /simulator route declares a response schema and its path params', () => {
    const missing: string[] = [];
    for (const { path, method, op } of operations()) {
      if (!/^\/(api|webhooks|simulator)\//.test(path) || isExempt(path)) continue;
      const route = `${method.toUpperCase()} ${path}`;
      const declared = Object.values(op.responses ?? {}).some(
        (r) => r.content && Object.values(r.content).some((c) => c.schema !== undefined),
      );
      if (!declared) missing.push(`${route}: no response schema`);
      for (const param of path.match(/\{(\w+)\}/g) ?? []) {
        const name = param.slice(1, -1);
        if (!op.parameters?.some((p) => p.in === 'path' && p.name === name))
          missing.push(`${route}: no schema for :${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('routes that read a body declare it, with the contracts’ fields', () => {
    const body = (path: string, method: string) =>
      doc.paths[path]?.[method]?.requestBody?.content?.['application/json']?.schema as
        { properties?: Record<string, unknown>; required?: string[] } | undefined;
    expect(Object.keys(body('/api/account/register', 'post')?.properties ?? {})).toEqual(
      expect.arrayContaining(['fullName', 'email', 'password']),
    );
    expect(Object.keys(body('/api/numbers/', 'post')?.properties ?? {})).toEqual(
      expect.arrayContaining(['phone', 'apelido']),
    );
    expect(Object.keys(body('/api/numbers/{id}', 'patch')?.properties ?? {})).toEqual(
      expect.arrayContaining(['apelido', 'agente']),
    );
    expect(body('/api/conversations/{id}', 'patch')?.required).toEqual(['agente_ativo']);
    expect(body('/api/conversations/{id}/messages', 'post')?.required).toEqual(['text']);
    expect(Object.keys(body('/api/training/finish', 'post')?.properties ?? {})).toEqual(
      expect.arrayContaining(['mode', 'apelido', 'respostas']),
    );
    expect(Object.keys(body('/simulator/ui-api/instances/{name}/approve', 'post')?.properties ?? {})).toEqual(
      expect.arrayContaining(['code', 'phone']),
    );
    const cursor = doc.paths['/api/conversations/']?.get?.parameters?.find((p) => p.name === 'cursor');
    expect(cursor?.in).toBe('query');
  });
});

describe('route schemas: refusals in Portuguese', () => {
  it('a signed-out request is 401 before its id or body is looked at', async () => {
    const client = t.client();
    for (const [method, url] of [
      ['POST', '/api/numbers'],
      ['PATCH', '/api/agents/nao-e-uuid'],
      ['POST', '/api/conversations/nao-e-uuid/messages'],
    ] as const) {
      const res = await client.request({ method, url, payload: {} });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
    }
  });

  it('a bad body is a 400 VALIDATION with the contract’s message and one message per field', async () => {
    const client = t.client();
    await client.registerOk();

    const number = await client.post('/api/numbers', { apelido: 'Loja' });
    expect(number.statusCode).toBe(400);
    expect(number.json()).toEqual({
      error: { code: 'VALIDATION', message: INVALID_PHONE, fields: { phone: INVALID_PHONE } },
    });

    const check = await client.post('/api/numbers/check-phone', { phone: '123' });
    expect(check.statusCode).toBe(400);
    expect(check.json().error).toMatchObject({
      code: 'VALIDATION',
      message: INVALID_PHONE,
      fields: { phone: INVALID_PHONE },
    });

    const id = '00000000-0000-4000-8000-000000000000';
    const aiSwitch = await client.request({
      method: 'PATCH',
      url: `/api/conversations/${id}`,
      payload: { agente_ativo: 'sim' },
    });
    expect(aiSwitch.statusCode).toBe(400);
    expect(aiSwitch.json().error).toMatchObject({
      code: 'VALIDATION',
      message: AI_SWITCH_INVALID,
      fields: { agente_ativo: AI_SWITCH_INVALID },
    });

    const send = await client.post(`/api/conversations/${id}/messages`, { text: '   ' });
    expect(send.statusCode).toBe(400);
    expect(send.json().error).toMatchObject({ code: 'VALIDATION', message: 'Digite uma mensagem.' });
  });

  it('a malformed query is a 400 VALIDATION in Portuguese', async () => {
    const client = t.client();
    await client.registerOk();
    const res = await client.get('/api/conversations?cursor=a&cursor=b');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'VALIDATION', message: INVALID_CURSOR, fields: { cursor: INVALID_CURSOR } },
    });
  });

  it('a malformed id is a 404 with the resource’s own message', async () => {
    const client = t.client();
    await client.registerOk();
    const agent = await client.get('/api/agents/123');
    expect(agent.statusCode).toBe(404);
    expect(agent.json()).toEqual({ error: { code: 'NOT_FOUND', message: AGENT_NOT_FOUND_MESSAGE } });
    const number = await client.get('/api/numbers/123/qr');
    expect(number.statusCode).toBe(404);
    expect(number.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Não encontrado.' } });
    const chat = await client.get('/simulator/ui-api/instances/qualquer/chats/123');
    expect(chat.statusCode).toBe(404);
    expect(chat.json()).toEqual({ error: { code: 'NOT_FOUND', message: SIM_CHAT_NOT_FOUND } });
  });

  it('the simulator page’s API answers a bad body in Portuguese too', async () => {
    const client = t.client();
    await client.registerOk();
    const res = await client.post('/simulator/ui-api/instances/qualquer/messages', {
      customer: { phone: '12', name: 'Ana' },
      message: { type: 'text', text: 'Oi' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION',
      message: SIM_PHONE_INVALID,
      fields: { 'customer.phone': SIM_PHONE_INVALID },
    });
  });

  it('a missing field gets zod’s Portuguese message when the contract has none of its own', async () => {
    const client = t.client();
    await client.registerOk();
    const res = await client.post('/simulator/ui-api/instances/qualquer/approve', { phone: '5511987654321' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION');
    expect(res.json().error.fields.code).toMatch(/^Entrada inválida/);
  });
});
