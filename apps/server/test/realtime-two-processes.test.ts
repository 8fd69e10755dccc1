/**
 * Two real server processes on one PostgreSQL database: a WebSocket client connected to one
 * process receives what is published through the other's database connection (LISTEN/NOTIFY).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeEnvelope, REALTIME_CHANNEL } from '../src/realtime/wire-format.ts';
import { newPerson, TEST_APP_URL, TEST_ORIGIN } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from './helpers/test-database.ts';
import { type ServerProcess, startServerProcess } from './helpers/server-process.ts';
import { connectWs, type WsClient } from './helpers/ws-client.ts';
import { sampleMessageEvent as event, realtimeFence } from './helpers/realtime-events.ts';

describe.runIf(testDatabaseKind() === 'postgres')('realtime with two server processes (PostgreSQL)', () => {
  let database: TestDatabase;
  let databaseUrl: string;
  let a: ServerProcess;
  let b: ServerProcess;
  const sockets: WsClient[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    databaseUrl = (database.pool!.options as { connectionString: string }).connectionString;
    // Both behind one public address, as behind a load balancer.
    const env = { DATABASE_URL: databaseUrl, APP_URL: TEST_APP_URL };
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 200_000);

  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close().catch(() => {})));
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.dispose();
  }, 60_000);

  /** Registers on process `on` over HTTP; returns the session cookie and the user id. */
  async function register(on: ServerProcess) {
    const person = newPerson();
    const res = await fetch(`${on.url}/api/account/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
      body: JSON.stringify(person),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const me = await fetch(`${on.url}/api/account/me`, { headers: { cookie, origin: TEST_ORIGIN } });
    expect(me.status).toBe(200);
    return { cookie, id: ((await me.json()) as { user: { id: string } }).user.id };
  }

  async function connect(on: ServerProcess, cookie: string) {
    const ws = await connectWs(`${on.url.replace('http', 'ws')}/api/realtime`, { cookie, origin: TEST_ORIGIN });
    sockets.push(ws);
    return ws;
  }

  it('a session made on A works on B, and an event NOTIFYed on the shared database reaches sockets on both, for the owner only', async () => {
    const ana = await register(a);
    const bruno = await register(b);
    const anaOnB = await connect(b, ana.cookie);
    const anaOnA = await connect(a, ana.cookie);
    const brunoOnA = await connect(a, bruno.cookie);

    // Exactly what RealtimeHub.publish sends from any process, sent from a third connection.
    // Then a fence for Bruno: once it reached his socket, Ana's event (sent before) would have too.
    const fence = realtimeFence();
    const notifier = new pg.Client({ connectionString: databaseUrl });
    await notifier.connect();
    try {
      for (const [userId, sent] of [
        [ana.id, event('olá de outro processo')],
        [bruno.id, fence.event],
      ] as const)
        await notifier.query('select pg_notify($1, p) from unnest($2::text[]) as p', [
          REALTIME_CHANNEL,
          encodeEnvelope(userId, sent),
        ]);
    } finally {
      await notifier.end();
    }
    for (const ws of [anaOnB, anaOnA]) {
      const got = await ws.waitFor((m) => m.event === 'message.created');
      expect((got.data as { content: string }).content).toBe('olá de outro processo');
    }
    await brunoOnA.waitFor(fence.is, { timeoutMs: 15_000 });
    expect(brunoOnA.messages.filter((m) => m.event === 'message.created' && !fence.is(m))).toEqual([]);
  });

  it("a real action on A (the gateway reports the number connected) reaches the owner's socket on B as number.updated", async () => {
    const ana = await register(a);
    const anaOnB = await connect(b, ana.cookie);
    // The number as docs/decisions/007-number-connection.md connect flow leaves it (test data written straight to the shared database).
    const instanceName = `vendai_rt_${crypto.randomUUID().slice(0, 8)}`;
    const token = crypto.randomUUID();
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    let numberId: string;
    try {
      const phone = `55119${String(Date.now()).slice(-8)}`;
      const inserted = await db.query<{ id: string }>(
        `insert into numbers (user_id, token, phone, instance_name, apelido) values ($1, $2, $3, $4, 'Loja') returning id`,
        [ana.id, token, phone, instanceName],
      );
      numberId = inserted.rows[0]!.id;
    } finally {
      await db.end();
    }
    const res = await fetch(`${a.url}/webhooks/gateway/${instanceName}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-vendai-webhook-secret': token },
      body: JSON.stringify({ event: 'connection.update', instance: instanceName, data: { state: 'open' } }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const got = await anaOnB.waitFor((m) => m.event === 'number.updated');
    expect(got.data).toMatchObject({ id: numberId, status: 'CONECTADO', apelido: 'Loja', instanceName });
  });
});
