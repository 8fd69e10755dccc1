/**
 * Removing a member ends it in every process (docs/decisions/051-verified-email-and-membership-end.md):
 * two real server processes on one PostgreSQL; the owner removes an attendant on process A while the
 * attendant's socket is open on process B. That socket is closed (4401) by the removal's own NOTIFY, an
 * event of the account published afterwards reaches the owner's socket on B and not the attendant, and
 * the attendant's next request is a 401 on either process.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeEnvelope, REALTIME_CHANNEL } from '../src/realtime/wire-format.ts';
import { confirmationCodeFor, newPerson, TEST_APP_URL, TEST_ORIGIN } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from './helpers/test-database.ts';
import { type ServerProcess, startServerProcess } from './helpers/server-process.ts';
import { connectWs, type WsClient } from './helpers/ws-client.ts';
import { sampleMessageEvent as event } from './helpers/realtime-events.ts';

describe.runIf(testDatabaseKind() === 'postgres')('removing a member with two server processes (PostgreSQL)', () => {
  let database: TestDatabase;
  let databaseUrl: string;
  let a: ServerProcess;
  let b: ServerProcess;
  const sockets: WsClient[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    databaseUrl = (database.pool!.options as { connectionString: string }).connectionString;
    const env = { DATABASE_URL: databaseUrl, APP_URL: TEST_APP_URL };
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 200_000);

  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close().catch(() => {})));
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.dispose();
  }, 60_000);

  const call = (on: ServerProcess, cookie: string, method: string, path: string, body?: unknown) =>
    fetch(`${on.url}${path}`, {
      method,
      headers: { cookie, origin: TEST_ORIGIN, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });

  async function register(on: ServerProcess, person = newPerson()) {
    const res = await call(on, '', 'POST', '/api/account/register', person);
    expect(res.status, await res.clone().text()).toBe(201);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    return { cookie, email: person.email, id: ((await res.json()) as { user: { id: string } }).user.id };
  }

  async function connect(on: ServerProcess, cookie: string) {
    const ws = await connectWs(`${on.url.replace('http', 'ws')}/api/realtime`, { cookie, origin: TEST_ORIGIN });
    sockets.push(ws);
    return ws;
  }

  it("closes the attendant's socket on B when the owner removes them on A; nothing later reaches them; next request 401", async () => {
    const owner = await register(a);
    const confirmed = await call(a, '', 'POST', '/api/account/email-verification/confirm', {
      code: await confirmationCodeFor(database.db, owner.email),
    });
    expect(confirmed.status).toBe(200);
    const bruno = await register(b);
    const invited = await call(a, owner.cookie, 'POST', '/api/team/invitations', {
      email: bruno.email,
      delivery: 'link',
    });
    expect(invited.status, await invited.clone().text()).toBe(201);
    const code = new URL(((await invited.json()) as { link: string }).link).searchParams.get('code')!;
    const accepted = await call(b, bruno.cookie, 'POST', '/api/team/invitations/accept', { code });
    expect(accepted.status, await accepted.clone().text()).toBe(200);

    const brunoOnB = await connect(b, bruno.cookie);
    const ownerOnB = await connect(b, owner.cookie);
    const notifier = new pg.Client({ connectionString: databaseUrl });
    await notifier.connect();
    const publish = (text: string) =>
      notifier.query('select pg_notify($1, p) from unnest($2::text[]) as p', [
        REALTIME_CHANNEL,
        encodeEnvelope(owner.id, event(text)),
      ]);
    const said = (text: string) => (m: { event: string; data?: unknown }) =>
      m.event === 'message.created' && JSON.stringify(m.data).includes(text);
    try {
      // A member hears the account's events.
      await publish('antes da remoção');
      await brunoOnB.waitFor(said('antes da remoção'));

      const removed = await call(a, owner.cookie, 'DELETE', `/api/team/members/${bruno.id}`);
      expect(removed.status).toBe(204);
      expect(await brunoOnB.closed).toBe(4401);
      await ownerOnB.waitFor((m) => m.event === 'member.removed');
      const heard = brunoOnB.messages.length;

      // The account's next event reaches the owner's socket on the same process, not Bruno.
      await publish('depois da remoção');
      await ownerOnB.waitFor(said('depois da remoção'));
      expect(brunoOnB.messages).toHaveLength(heard);
      expect(brunoOnB.messages.some(said('depois da remoção'))).toBe(false);

      for (const on of [a, b]) expect((await call(on, bruno.cookie, 'GET', '/api/conversations')).status).toBe(401);
    } finally {
      await notifier.end();
    }
  }, 120_000);
});
