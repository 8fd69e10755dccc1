/**
 * docs/decisions/010-input-hardening.md: no foreign origin can change state. The routes are enumerated from the app
 * itself (every route registered with a state-changing method under /api or the simulator's page
 * API), so a route added later is checked here without anyone listing it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOREIGN_ORIGIN_MESSAGE, listGuardedRoutes } from '../src/plugins/origin-guard.ts';
import { createTestApp, type TestApp, type TestClient } from './helpers/test-app.ts';

const EXTRA_ORIGIN = 'https://painel.exemplo.com.br';
let t: TestApp;
let owner: TestClient;
beforeAll(async () => {
  t = await createTestApp({ env: { TRUSTED_ORIGINS: EXTRA_ORIGIN } });
  owner = t.client();
  await owner.registerOk();
});
afterAll(async () => {
  await t?.close();
});

/** A concrete URL for a route pattern: ids are uuids, other parameters and wildcards plain words. */
function concreteUrl(pattern: string): string {
  return pattern.replace(/:id\b/g, randomUUID()).replace(/:\w+/g, 'exemplo').replace(/\*/g, 'exemplo');
}

const FOREIGN = ['https://evil.example', 'null', 'http://localhost:3001', 'http://localhost:3000.evil.example'];

describe('state-changing routes refuse a foreign Origin', () => {
  it('the enumeration sees the routes (so the loop below is not vacuous)', () => {
    const routes = listGuardedRoutes(t.app).map((r) => `${r.method} ${r.url}`);
    for (const known of [
      'PATCH /api/agents/:id',
      'DELETE /api/agents/:id',
      'PATCH /api/numbers/:id',
      'POST /api/numbers',
      'PATCH /api/conversations/:id',
      'POST /api/conversations/:id/messages',
      'POST /api/auth/sign-in/email',
      'POST /api/account/register',
    ]) {
      expect(routes).toContain(known);
    }
    expect(routes.some((r) => r.includes('/simulator/ui-api/'))).toBe(true);
    expect(routes.some((r) => r.includes('/webhooks/'))).toBe(false);
  });

  it('every one answers 403 in Portuguese, signed in, for each foreign Origin (null included)', async () => {
    const routes = listGuardedRoutes(t.app);
    expect(routes.length).toBeGreaterThan(15);
    for (const route of routes) {
      for (const origin of FOREIGN) {
        const res = await owner.request({
          method: route.method as 'POST',
          url: concreteUrl(route.url),
          headers: { origin },
          payload: { name: 'x' },
        });
        expect(res.statusCode, `${route.method} ${route.url} from ${origin}`).toBe(403);
        expect(res.json(), `${route.method} ${route.url}`).toEqual({
          error: { code: 'FORBIDDEN', message: FOREIGN_ORIGIN_MESSAGE },
        });
      }
    }
  });

  it('every one is refused the same way when its path comes %-encoded (/%61pi/… is /api/…)', async () => {
    const routes = listGuardedRoutes(t.app);
    /** Two spellings the router reads as the route: the first letter encoded, and every letter of the prefix. */
    const encoded = (url: string) => {
      const [, head, rest] = /^\/(api|simulator\/ui-api)(\/.*)$/.exec(url)!;
      const hex = (c: string) => `%${c.charCodeAt(0).toString(16)}`;
      return [
        `/${hex(head![0]!)}${head!.slice(1)}${rest}`,
        `/${[...head!].map((c) => (c === '/' ? c : hex(c))).join('')}${rest}`,
      ];
    };
    for (const route of routes) {
      for (const url of encoded(concreteUrl(route.url))) {
        const res = await owner.request({
          method: route.method as 'POST',
          url,
          headers: { origin: 'https://evil.example' },
          payload: { name: 'x' },
        });
        expect(res.statusCode, `${route.method} ${url}`).toBe(403);
      }
    }
    // The encoded path does reach the route: with the app's own Origin, the route's own validation answers.
    const reached = await owner.post('/%61pi/numbers', { phone: '123' });
    expect(reached.statusCode).toBe(400);
    expect(reached.json().error.code).toBe('VALIDATION');
  });

  it('a refused request changes nothing: no number is created, the session survives sign-out', async () => {
    const create = await owner.request({
      method: 'POST',
      url: '/api/numbers',
      headers: { origin: 'https://evil.example' },
      payload: { phone: '+5511987654321', apelido: 'Loja' },
    });
    expect(create.statusCode).toBe(403);
    expect((await owner.get('/api/numbers')).json()).toEqual([]);
    const out = await owner.request({ method: 'POST', url: '/api/auth/sign-out', headers: { origin: 'null' } });
    expect(out.statusCode).toBe(403);
    expect((await owner.get('/api/account/me')).statusCode).toBe(200);
  });
});

describe('what stays allowed', () => {
  it('the app origin, TRUSTED_ORIGINS and requests without Origin reach the route', async () => {
    for (const origin of [t.env.appUrl, 'http://127.0.0.1:3000', EXTRA_ORIGIN]) {
      const res = await owner.request({
        method: 'PATCH',
        url: `/api/agents/${randomUUID()}`,
        headers: { origin },
        payload: { system_prompt: 'Você é a vendedora.' },
      });
      expect(res.statusCode, origin).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    // curl, scripts: no Origin header at all.
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/agents/${randomUUID()}`,
      headers: { cookie: owner.cookieHeader() },
      payload: { system_prompt: 'Você é a vendedora.' },
    });
    expect(res.statusCode).toBe(404);
  });

  it('reads from a foreign Origin are not refused by the guard (CORS keeps their answers from the page)', async () => {
    const res = await owner.get('/api/account/me', { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(200);
  });

  it('webhooks are exempt: authenticated by their secret, whatever the Origin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/webhooks/gateway/desconhecida',
      headers: { origin: 'https://evil.example' },
      payload: { event: 'messages.upsert', instance: 'desconhecida', data: {} },
    });
    // 401: refused by the webhook's own authentication (unknown instance), not by the Origin guard.
    expect(res.statusCode).toBe(401);
  });
});
