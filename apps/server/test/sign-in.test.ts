import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session } from '../src/db/schema/index.ts';
import { createTestApp, SESSION_COOKIE, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const RATE_LIMITED = 'Muitas tentativas. Aguarde um minuto e tente novamente.';

describe('sign-in and sign-out', () => {
  it('a wrong password answers 401 "E-mail ou senha incorretos." and never English', async () => {
    const person = await t.client().registerOk();
    const client = t.client();
    const res = await client.signIn(person.email, 'senha-errada-999');

    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'INVALID_CREDENTIALS', message: 'E-mail ou senha incorretos.' } });
    expect(res.json().error.message).not.toMatch(/invalid|password|incorrect|email/i);
    expect(client.sessionToken).toBeUndefined();
  });

  it('an unknown e-mail gets the very same answer as a wrong password', async () => {
    const res = await t.client().signIn('ninguem.aqui@exemplo.com.br', 'senha-forte-123');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'INVALID_CREDENTIALS', message: 'E-mail ou senha incorretos.' } });
  });

  it('the right password sets the httpOnly session cookie and opens /api/account/me', async () => {
    const person = await t.client().registerOk();
    const client = t.client();
    const res = await client.signIn(person.email, person.password);

    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, path: '/' });
    const me = await client.get('/api/account/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe(person.email);
  });

  it('sign-out clears the cookie and ends the session on the server', async () => {
    const client = t.client();
    await client.registerOk();
    const cookieBefore = client.cookieHeader();
    const userId = (await client.get('/api/account/me')).json().user.id as string;
    expect(await t.database.db.select().from(session).where(eq(session.userId, userId))).toHaveLength(1);

    const out = await client.signOut();
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === SESSION_COOKIE)?.maxAge).toBe(0);
    expect(client.sessionToken).toBeUndefined();

    const me = await client.get('/api/account/me');
    expect(me.statusCode).toBe(401);
    expect(me.json().error).toEqual({ code: 'UNAUTHENTICATED', message: 'Usuário não autenticado' });
    // The old cookie, replayed, no longer works either: the session row is gone.
    const replay = await t.client().get('/api/account/me', { cookie: cookieBefore });
    expect(replay.statusCode).toBe(401);
    expect(await t.database.db.select().from(session).where(eq(session.userId, userId))).toEqual([]);
  });
});

describe('rate limiting', () => {
  it('the 11th sign-in attempt in a minute for one e-mail answers 429 in Portuguese', async () => {
    const person = await t.client().registerOk();
    const client = t.client();
    for (let attempt = 1; attempt <= 10; attempt++) {
      const res = await client.signIn(person.email, `senha-errada-${attempt}`);
      expect(res.statusCode, `attempt ${attempt}`).toBe(401);
    }
    const eleventh = await client.signIn(person.email, person.password);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toEqual({ error: { code: 'RATE_LIMITED', message: RATE_LIMITED } });
    expect(client.sessionToken).toBeUndefined();

    // The limit is per e-mail: another person signing in from the same address is not blocked.
    const other = await t.client().registerOk();
    const ok = await t.client().signIn(other.email, other.password);
    expect(ok.statusCode).toBe(200);
  });
});
