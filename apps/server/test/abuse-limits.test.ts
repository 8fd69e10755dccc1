/**
 * Abuse limits hold across processes (docs/decisions/021-spend-and-abuse-limits.md): two app instances
 * on one database, as two server processes behind a load balancer, share every count — sign-ups per
 * client address per hour, password-reset e-mails per address per day, feedback per account per day,
 * wrong sign-ins per address, and the per-minute route limits (here on change/verify password).
 * Each limit answers 429 with a Portuguese message.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FEEDBACK_RATE_LIMITED_MESSAGE } from '@vendai/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadEnv } from '../src/config/env.ts';
import { SIGN_UPS_LIMITED_MESSAGE } from '../src/modules/account/account-routes.ts';
import { PASSWORD_RESETS_LIMITED_MESSAGE } from '../src/modules/auth/auth-routes.ts';
import { FEEDBACK_DAILY_LIMIT_MESSAGE } from '../src/modules/feedback/feedback-routes.ts';
import { newPerson, TEST_APP_URL, TestClient } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';
import { insertNumber } from './helpers/gateway-helpers.ts';
import { WEBHOOK_SECRET_HEADER } from '../src/integrations/gateway/index.ts';
import { createRateLimitCounter } from '../src/plugins/rate-limit-store.ts';
import { rateLimitCounters } from '../src/db/schema/index.ts';

const RATE_LIMITED = 'Muitas tentativas. Aguarde um minuto e tente novamente.';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vendai-limits-'));
let database: TestDatabase;
let a: FastifyInstance;
let b: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    APP_URL: TEST_APP_URL,
    DATA_DIR: dataDir,
    AUTH_SECRET: 'segredo-de-teste-dos-limites-0123456789',
    SIGN_UPS_PER_ADDRESS_PER_HOUR: '3',
    PASSWORD_RESETS_PER_EMAIL_PER_DAY: '2',
    FEEDBACK_PER_DAY: '3',
    AUTH_SIGN_IN_FAILURES_PER_IP: '2',
    AUTH_RATE_LIMIT_PER_MINUTE: '3',
  });
  // Two instances of the app on the same database: each has its own memory, nothing else.
  a = await buildApp({ env, database, logger: false });
  b = await buildApp({ env, database, logger: false });
  await Promise.all([a.ready(), b.ready()]);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await database?.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The same person (same cookies) on the other instance. */
function on(app: FastifyInstance, person: TestClient): TestClient {
  const other = new TestClient(app);
  for (const [k, v] of person.cookies) other.cookies.set(k, v);
  return other;
}

const from = (client: TestClient, remoteAddress: string, url: string, payload: object) =>
  client.request({ method: 'POST', url, remoteAddress, payload });

describe('limits shared by two app instances on one database', () => {
  it('sign-ups: 3 per client address per hour, wherever they land; another address still signs up', async () => {
    const statuses = [];
    for (const app of [a, b, a, b]) {
      statuses.push((await from(new TestClient(app), '203.0.113.10', '/api/account/register', newPerson())).statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
    const refused = await from(new TestClient(a), '203.0.113.10', '/api/account/register', newPerson());
    expect(refused.json()).toEqual({ error: { code: 'RATE_LIMITED', message: SIGN_UPS_LIMITED_MESSAGE } });
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect((await from(new TestClient(b), '203.0.113.11', '/api/account/register', newPerson())).statusCode).toBe(201);
  });

  it('password-reset e-mails: 2 per e-mail address per day, from any client address', async () => {
    const person = newPerson();
    expect((await from(new TestClient(a), '198.51.100.1', '/api/account/register', person)).statusCode).toBe(201);
    const ask = (app: FastifyInstance, address: string, email: string) =>
      from(new TestClient(app), address, '/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
    expect((await ask(a, '198.51.100.2', person.email)).statusCode).toBe(200);
    expect((await ask(b, '198.51.100.3', person.email.toUpperCase())).statusCode).toBe(200);
    const third = await ask(a, '198.51.100.4', person.email);
    expect(third.statusCode).toBe(429);
    expect(third.json().error.message).toBe(PASSWORD_RESETS_LIMITED_MESSAGE);
    // Another address (even an unknown one) is its own count.
    expect((await ask(b, '198.51.100.4', 'outra.pessoa@exemplo.com.br')).statusCode).toBe(200);
  });

  it('feedback: 3 per account per day across instances; another account still sends', async () => {
    const owner = new TestClient(a);
    await from(owner, '192.0.2.1', '/api/account/register', newPerson());
    const statuses = [];
    for (const [i, app] of [a, b, a, b].entries()) {
      const res = await on(app, owner).post('/api/feedback', { tipo: 'sugestao', sugestao: `Ideia número ${i}` });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json().error.message).toBe(FEEDBACK_DAILY_LIMIT_MESSAGE);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
    const other = new TestClient(b);
    await from(other, '192.0.2.2', '/api/account/register', newPerson());
    expect((await other.post('/api/feedback', { tipo: 'geral', sugestao: 'Tudo certo.' })).statusCode).toBe(201);
    expect(FEEDBACK_DAILY_LIMIT_MESSAGE).not.toBe(FEEDBACK_RATE_LIMITED_MESSAGE);
  });

  it('wrong sign-ins: 2 per client address across instances, then 429 for any e-mail', async () => {
    const statuses = [];
    for (const [i, app] of [a, b, a].entries()) {
      const res = await from(new TestClient(app), '192.0.2.50', '/api/auth/sign-in/email', {
        email: `alvo.${i}@exemplo.com.br`,
        password: 'senha-errada-123',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 429]);
  });

  it.each(['change-password', 'verify-password'])(
    '%s: 3 tries a minute per client address across instances, then 429 in Portuguese',
    async (route) => {
      const person = newPerson();
      const owner = new TestClient(a);
      expect((await from(owner, '192.0.2.70', '/api/account/register', person)).statusCode).toBe(201);
      const address = route === 'change-password' ? '192.0.2.71' : '192.0.2.72';
      const body =
        route === 'change-password'
          ? { currentPassword: 'senha-errada-123', newPassword: 'outra-senha-forte-456' }
          : { password: 'senha-errada-123' };
      const statuses = [];
      for (const app of [a, b, a, b]) {
        const res = await from(on(app, owner), address, `/api/auth/${route}`, body);
        statuses.push(res.statusCode);
        if (res.statusCode === 429) expect(res.json().error.message).toBe(RATE_LIMITED);
      }
      expect(statuses.slice(0, 3).every((s) => s >= 400 && s < 500 && s !== 429)).toBe(true);
      expect(statuses[3]).toBe(429);
    },
  );
});

describe('the shared counter', () => {
  it('counts concurrent requests exactly once each, and starts over when the window ends', async () => {
    const counter = createRateLimitCounter(database.db);
    const counts = await Promise.all(Array.from({ length: 20 }, () => counter.increment('teste|concorrente', 60_000)));
    expect(counts.map((c) => c.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect((await counter.read('teste|concorrente')).count).toBe(20);

    expect((await counter.increment('teste|janela', 150)).count).toBe(1);
    expect((await counter.increment('teste|janela', 150)).count).toBe(2);
    // The window ends on the database's clock: wait for the counter to read 0, then count again.
    await expect.poll(async () => (await counter.read('teste|janela')).count, { timeout: 10_000 }).toBe(0);
    expect((await counter.increment('teste|janela', 150)).count).toBe(1);
  });

  it('sweeps ended windows out of the table at most every ten minutes, after a count', async () => {
    let clock = Date.now();
    const counter = createRateLimitCounter(database.db, () => clock);
    await counter.increment('teste|antigo', 1);
    // Its 1 ms window has ended (on the database's clock) before the sweep below.
    await expect.poll(async () => (await counter.read('teste|antigo')).count, { timeout: 10_000 }).toBe(0);
    const keys = async () => (await database.db.select().from(rateLimitCounters)).map((r) => r.key);
    await counter.increment('teste|recente', 60_000);
    expect(await keys()).toContain('teste|antigo');
    clock += 11 * 60 * 1000;
    await counter.increment('teste|recente', 60_000);
    await expect.poll(keys).not.toContain('teste|antigo');
    expect(await keys()).toContain('teste|recente');
  });

  it('is not on the webhook path: a webhook writes no counter', async () => {
    const owner = new TestClient(a);
    await from(owner, '192.0.2.90', '/api/account/register', newPerson());
    const me = await owner.get('/api/account/me');
    const number = await insertNumber(database.db, me.json().user.id as string);
    const before = await database.db.select().from(rateLimitCounters);
    for (const app of [a, b]) {
      const res = await app.inject({
        method: 'POST',
        url: `/webhooks/gateway/${number.instanceName}`,
        headers: { [WEBHOOK_SECRET_HEADER]: number.token },
        payload: { event: 'chats.upsert', instance: number.instanceName, data: [] },
      });
      expect(res.json()).toEqual({ ok: true, outcome: 'ignored' });
    }
    expect(await database.db.select().from(rateLimitCounters)).toEqual(before);
  });
});
