import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SPA_MARKER, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const NOT_FOUND = { error: { code: 'NOT_FOUND', message: 'Não encontrado.' } };
const UNAUTHENTICATED = { error: { code: 'UNAUTHENTICATED', message: 'Usuário não autenticado' } };

describe('errors', () => {
  it('a malformed JSON body is a 400 with a Portuguese JSON error, not a 500', async () => {
    for (const url of ['/api/account/register', '/api/auth/sign-in/email']) {
      const res = await t.client().request({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: '{"email": "ana@exemplo.com.br", "password": ',
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({
        error: { code: 'VALIDATION', message: 'Requisição inválida. Verifique os dados enviados.' },
      });
    }
  });

  it('a registration with no body at all is a 400 naming the first missing field in Portuguese', async () => {
    const res = await t.client().post('/api/account/register', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION');
    expect(res.json().error.message).toBe('Informe seu nome completo.');
  });

  it('route schemas: the OpenAPI document is generated from the schemas declared on the routes', async () => {
    const res = await t.client().get('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, { requestBody?: unknown }>> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/agents/{id}']?.patch?.requestBody).toBeDefined();
  });

  it('an unknown /api route is a 404 JSON error, for any method', async () => {
    const get = await t.client().get('/api/nao-existe');
    expect(get.statusCode).toBe(404);
    expect(get.headers['content-type']).toMatch(/^application\/json/);
    expect(get.json()).toEqual(NOT_FOUND);
    const post = await t.client().post('/api/nao-existe', { a: 1 });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual(NOT_FOUND);
  });

  it('/api/usage and /api/account/me without a session answer 401 in Portuguese', async () => {
    for (const url of ['/api/usage', '/api/account/me']) {
      const res = await t.client().get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual(UNAUTHENTICATED);
    }
    const forged = await t.client().get('/api/account/me', { cookie: 'vendai.session_token=forjado.assinatura' });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual(UNAUTHENTICATED);
  });
});

describe('web app', () => {
  it('a GET to an SPA route returns index.html', async () => {
    for (const url of ['/dashboard', '/reset-password?code=abc', '/']) {
      const res = await t.client().get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain(SPA_MARKER);
    }
  });

  it('a missing file with an extension is a 404, not the SPA', async () => {
    const res = await t.client().get('/assets/nao-existe.js');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
  });

  it('sends the security headers on pages and on the API', async () => {
    for (const url of ['/dashboard', '/api/health']) {
      const res = await t.client().get(url);
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBeDefined();
      expect(res.headers['referrer-policy']).toBeDefined();
    }
  });

  it('GET /api/config answers the public configuration', async () => {
    const res = await t.client().get('/api/config');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ productName: 'VendAI' });
  });
});
