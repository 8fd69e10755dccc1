import type { RealtimeEvent } from '@vendai/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { numbers } from '../src/db/schema/app.ts';
import { encodeEnvelope, REALTIME_CHANNEL } from '../src/realtime/wire-format.ts';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestClient } from './helpers/test-app.ts';
import { testDatabaseKind } from './helpers/test-database.ts';
import { sampleMessageEvent as message, realtimeFence } from './helpers/realtime-events.ts';
import { connectWs, type WsClient } from './helpers/ws-client.ts';

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = address.replace(/^http/, 'ws');
});
afterAll(async () => {
  await t?.close();
});

interface Person {
  client: TestClient;
  id: string;
}

async function signedInPerson(): Promise<Person> {
  const client = t.client();
  await client.registerOk();
  const me = await client.get('/api/account/me');
  expect(me.statusCode).toBe(200);
  return { client, id: me.json().user.id as string };
}

const open: WsClient[] = [];
async function connectAs(person: Person | null, headers: Record<string, string> = {}) {
  const ws = await connectWs(`${baseUrl}/api/realtime`, {
    origin: TEST_ORIGIN,
    ...(person ? { cookie: person.client.cookieHeader() } : {}),
    ...headers,
  });
  open.push(ws);
  return ws;
}

const contentOf = (m: { data?: unknown }) => (m.data as { content?: string } | undefined)?.content;

describe('realtime WebSocket /api/realtime', () => {
  it("a signed-in person gets hello, then the events published for them, and never another person's", async () => {
    const ana = await signedInPerson();
    const bruno = await signedInPerson();
    const anaTab1 = await connectAs(ana);
    const anaTab2 = await connectAs(ana);
    const brunoTab = await connectAs(bruno);
    expect(anaTab1.messages[0]).toEqual({ event: 'hello' });

    await t.app.deps.realtime.publish(ana.id, message('Oi, vocês abrem sábado?'));
    await t.app.deps.realtime.publish(bruno.id, message('Mensagem do Bruno'));

    for (const tab of [anaTab1, anaTab2]) {
      const got = await tab.waitFor((m) => m.event === 'message.created');
      expect(contentOf(got)).toBe('Oi, vocês abrem sábado?');
    }
    const brunoGot = await brunoTab.waitFor((m) => m.event === 'message.created');
    expect(contentOf(brunoGot)).toBe('Mensagem do Bruno');
    // Bruno's tab got his event, published after Ana's: Ana's would have reached it first. A fence
    // published to Ana after Bruno's event does the same for her tabs.
    const fence = realtimeFence();
    await t.app.deps.realtime.publish(ana.id, fence.event);
    for (const tab of [anaTab1, anaTab2]) await tab.waitFor(fence.is, { timeoutMs: 15_000 });
    for (const tab of [anaTab1, anaTab2]) expect(tab.messages.map(contentOf)).not.toContain('Mensagem do Bruno');
    expect(brunoTab.messages.map(contentOf)).not.toContain('Oi, vocês abrem sábado?');
  });

  it('delivers every event kind of the contract, in publish order', async () => {
    const ana = await signedInPerson();
    const tab = await connectAs(ana);
    const number = {
      id: 'n1',
      status: 'DESCONECTADO' as const,
      agente: null,
      apelido: 'Loja',
      phone: '5511987654321',
      instanceName: 'vendai_x',
    };
    const events: RealtimeEvent[] = [
      message('primeira'),
      { event: 'conversation.deleted', data: { id: 'c1' } },
      { event: 'number.updated', data: number },
      message('última'),
    ];
    for (const e of events) await t.app.deps.realtime.publish(ana.id, e);
    await tab.waitFor((m) => contentOf(m) === 'última');
    expect(tab.messages.slice(1)).toEqual(events);
  });

  it('an event larger than a NOTIFY payload (8000 bytes) arrives whole', async () => {
    const ana = await signedInPerson();
    const tab = await connectAs(ana);
    // 4,096 four-byte characters plus accents: ~20 KB of UTF-8, split into several NOTIFY parts.
    const long = `${'😀'.repeat(4096)} fim ação`;
    const event = message(long);
    expect(encodeEnvelope(ana.id, event).length).toBeGreaterThan(1);
    await t.app.deps.realtime.publish(ana.id, event);
    const got = await tab.waitFor((m) => m.event === 'message.created');
    expect(got).toEqual(event);
  });

  it('refuses the upgrade without a session (401), with a forged cookie (401) and from a foreign origin (403)', async () => {
    await expect(connectAs(null)).rejects.toMatchObject({ statusCode: 401 });
    await expect(connectAs(null, { cookie: 'vendai.session_token=forjado.assinatura' })).rejects.toMatchObject({
      statusCode: 401,
    });
    const ana = await signedInPerson();
    await expect(connectAs(ana, { origin: 'https://site-malicioso.example' })).rejects.toMatchObject({
      statusCode: 403,
    });
    // Same session, the app's own origin: accepted.
    await expect(connectAs(ana)).resolves.toBeTruthy();
  });

  it('a plain HTTP GET (no upgrade) is 401 signed out and 426 signed in, with a JSON error', async () => {
    expect((await t.client().get('/api/realtime')).statusCode).toBe(401);
    const ana = await signedInPerson();
    const res = await ana.client.get('/api/realtime');
    expect(res.statusCode).toBe(426);
    expect(res.json()).toEqual({
      error: { code: 'VALIDATION', message: 'Este endereço aceita apenas conexões WebSocket.' },
    });
  });

  it('after sign-out the same cookie can no longer connect', async () => {
    const ana = await signedInPerson();
    const cookie = ana.client.cookieHeader();
    await (await connectAs(ana)).close();
    await ana.client.signOut();
    await expect(connectAs(null, { cookie })).rejects.toMatchObject({ statusCode: 401 });
  });

  it('answers the client heartbeat ping with pong', async () => {
    const tab = await connectAs(await signedInPerson());
    tab.socket.send('{"event":"ping"}');
    await tab.waitFor((m) => m.event === 'pong');
  });

  it('the gateway reporting a number connected or disconnected reaches its owner as number.updated', async () => {
    const ana = await signedInPerson();
    const bruno = await signedInPerson();
    const anaTab = await connectAs(ana);
    const brunoTab = await connectAs(bruno);
    const instanceName = `vendai_rt_${crypto.randomUUID().slice(0, 8)}`;
    const token = crypto.randomUUID();
    const [number] = await t.app.deps.db
      .insert(numbers)
      .values({
        userId: ana.id,
        token,
        phone: `55119${String(Date.now()).slice(-8)}`,
        instanceName,
        apelido: 'Loja Centro',
      })
      .returning({ id: numbers.id });
    const report = (state: string) =>
      t
        .client()
        .post(
          `/webhooks/gateway/${instanceName}`,
          { event: 'connection.update', instance: instanceName, data: { state } },
          { 'x-vendai-webhook-secret': token },
        );

    expect((await report('open')).statusCode).toBe(200);
    const connected = await anaTab.waitFor((m) => m.event === 'number.updated');
    expect(connected.data).toEqual({
      id: number!.id,
      status: 'CONECTADO',
      agente: null,
      apelido: 'Loja Centro',
      phone: expect.any(String),
      instanceName,
    });
    const since = anaTab.messages.length;
    expect((await report('close')).statusCode).toBe(200);
    const disconnected = await anaTab.waitFor((m) => m.event === 'number.updated', { since });
    expect(disconnected.data).toMatchObject({ id: number!.id, status: 'DESCONECTADO' });
    const fence = realtimeFence();
    await t.app.deps.realtime.publish(bruno.id, fence.event);
    await brunoTab.waitFor(fence.is, { timeoutMs: 15_000 });
    expect(brunoTab.messages.filter((m) => m.event === 'number.updated')).toEqual([]);
  });

  it('rejects an event that does not match the contract (outside production)', async () => {
    const bad = { event: 'message.created', data: { id: 1 } } as unknown as RealtimeEvent;
    await expect(t.app.deps.realtime.publish('u1', bad)).rejects.toThrow(/invalid 'message.created' event/);
  });

  it('closes the open connections when the app closes', async () => {
    const other = await createTestApp();
    try {
      const address = await other.app.listen({ host: '127.0.0.1', port: 0 });
      const client = other.client();
      await client.registerOk();
      const ws = await connectWs(`${address.replace(/^http/, 'ws')}/api/realtime`, {
        origin: TEST_ORIGIN,
        cookie: client.cookieHeader(),
      });
      await other.app.close();
      // @fastify/websocket closes without a code (1005); the web connector reconnects either way.
      expect([1001, 1005]).toContain(await ws.closed);
    } finally {
      await other.close().catch(() => {});
    }
  });
});

describe.runIf(testDatabaseKind() === 'postgres')('realtime across processes (PostgreSQL)', () => {
  function databaseUrl(): string {
    return (t.database.pool!.options as { connectionString: string }).connectionString;
  }

  it("a NOTIFY sent by another connection (as another server process does) reaches the owner's socket", async () => {
    const ana = await signedInPerson();
    const bruno = await signedInPerson();
    const anaTab = await connectAs(ana);
    const brunoTab = await connectAs(bruno);
    const other = new pg.Client({ connectionString: databaseUrl() });
    await other.connect();
    try {
      for (const payload of encodeEnvelope(ana.id, message('de outro processo'))) {
        await other.query('select pg_notify($1, $2)', [REALTIME_CHANNEL, payload]);
      }
      // A large one, split in parts, sent by one statement as publish() does.
      const big = message('x'.repeat(20_000));
      await other.query('select pg_notify($1, p) from unnest($2::text[]) as p', [
        REALTIME_CHANNEL,
        encodeEnvelope(ana.id, big),
      ]);
      await anaTab.waitFor((m) => contentOf(m) === 'de outro processo');
      await anaTab.waitFor((m) => contentOf(m)?.length === 20_000);
      const fence = realtimeFence();
      for (const payload of encodeEnvelope(bruno.id, fence.event))
        await other.query('select pg_notify($1, $2)', [REALTIME_CHANNEL, payload]);
      await brunoTab.waitFor(fence.is, { timeoutMs: 15_000 });
      expect(brunoTab.messages.filter((m) => m.event === 'message.created' && !fence.is(m))).toEqual([]);
    } finally {
      await other.end();
    }
  });

  it('when the LISTEN connection dies, sockets are told to resync (4409) and events flow again after it reconnects', async () => {
    const ana = await signedInPerson();
    const tab = await connectAs(ana);
    const admin = new pg.Client({ connectionString: databaseUrl() });
    await admin.connect();
    try {
      const killed = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'LISTEN ${REALTIME_CHANNEL}'`,
      );
      expect(killed.rowCount).toBe(1);
      expect(await tab.closed).toBe(4409);
      // The hub reconnects after 1 s; a new socket then gets events again.
      const deadline = Date.now() + 10_000;
      const again = await connectAs(ana);
      let delivered = false;
      while (!delivered && Date.now() < deadline) {
        await t.app.deps.realtime.publish(ana.id, message('de volta'));
        delivered = await again
          .waitFor((m) => contentOf(m) === 'de volta', { timeoutMs: 500 })
          .then(
            () => true,
            () => false,
          );
      }
      expect(delivered).toBe(true);
    } finally {
      await admin.end();
    }
  });
});

afterAll(async () => {
  await Promise.all(open.map((ws) => ws.close().catch(() => {})));
});
