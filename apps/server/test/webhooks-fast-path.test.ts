/**
 * The webhook acknowledgement fast path: numbers from a short-lived cache and gateway_events written
 * by group commit (modules/webhooks/number-cache.ts, gateway-event-store.ts). The route-level
 * behaviour (401/400, connection.update, replays) is in gateway-webhooks.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { gatewayEvents, numbers } from '../src/db/schema/index.ts';
import { createGatewayEventStore } from '../src/modules/webhooks/gateway-event-store.ts';
import { createNumberCache } from '../src/modules/webhooks/number-cache.ts';
import type { WebhookNumber } from '../src/modules/webhooks/webhooks-repository.ts';
import { userWithNumber, waitFor } from './helpers/gateway-helpers.ts';
import type { TestApp } from './helpers/test-app.ts';
import { useWebhookTestApp } from './helpers/webhook-test-app.ts';

const webhooks = useWebhookTestApp();
const { dispatched, post, eventsOf } = webhooks;
let t: TestApp;
beforeAll(() => {
  t = webhooks.t;
});

const upsert = (instance: string, id: string, text = 'Oi, quanto custa?') => ({
  event: 'messages.upsert',
  instance,
  data: {
    key: { remoteJid: '5511988887777@s.whatsapp.net', fromMe: false, id },
    pushName: 'Cliente',
    message: { conversation: text },
    messageType: 'conversation',
    messageTimestamp: 1_730_000_000,
  },
  destination: `http://localhost:3000/webhooks/gateway/${instance}`,
  date_time: new Date().toISOString(),
  sender: '5511999990000@s.whatsapp.net',
  server_url: 'http://evolution.local',
  apikey: 'INSTANCE-TOKEN',
});

const dispatchedFor = (numberId: string) => dispatched.filter((e) => e.kind === 'message' && e.number.id === numberId);
/**
 * The route queues its dispatches with setImmediate before it answers, and a listener records an event
 * synchronously. Once every answer is in, one more setImmediate runs after all of those: a count taken
 * then is final (no clock involved).
 */
const settle = () => new Promise((r) => setImmediate(r));

describe('POST /webhooks/gateway/:instance under concurrency', () => {
  it('stores 100 concurrent distinct messages as 100 rows, each dispatched once', async () => {
    const { number } = await userWithNumber(t);
    const ids = Array.from({ length: 100 }, (_, i) => `FAST${String(i).padStart(4, '0')}`);
    const responses = await Promise.all(
      ids.map((id) => post(number, upsert(number.instanceName, id, `mensagem ${id}`))),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(ids.map(() => 200));
    expect(responses.map((r) => r.json())).toEqual(ids.map(() => ({ ok: true, outcome: 'stored' })));

    const rows = await eventsOf(number.id);
    expect(rows.map((r) => r.eventKey).sort()).toEqual(ids);
    // Each row kept its own payload (the batch did not mix them up).
    for (const row of rows)
      expect(row.payload).toMatchObject({ data: { message: { conversation: `mensagem ${row.eventKey}` } } });

    await waitFor(() => dispatchedFor(number.id).length >= 100);
    await settle();
    const mine = dispatchedFor(number.id);
    expect(mine).toHaveLength(100);
    // Published once each, with the id of its own row.
    const idByKey = new Map(rows.map((r) => [r.eventKey, r.id]));
    for (const e of mine)
      expect(e.kind === 'message' && e.eventId).toBe(idByKey.get(e.kind === 'message' ? e.eventKey : ''));
    expect(new Set(mine.map((e) => (e.kind === 'message' ? e.eventKey : ''))).size).toBe(100);
  });

  it('stores 20 concurrent copies of one message once: 1 stored, 19 replays, 1 dispatch', async () => {
    const { number } = await userWithNumber(t);
    const body = upsert(number.instanceName, 'SAME0001');
    const responses = await Promise.all(Array.from({ length: 20 }, () => post(number, body)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const outcomes = responses.map((r) => r.json().outcome as string);
    expect(outcomes.filter((o) => o === 'stored')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'replay')).toHaveLength(19);

    const rows = await eventsOf(number.id);
    expect(rows).toHaveLength(1);
    await waitFor(() => dispatchedFor(number.id).length >= 1);
    await settle();
    expect(dispatchedFor(number.id)).toMatchObject([{ kind: 'message', eventId: rows[0]!.id, eventKey: 'SAME0001' }]);
  });

  it('answers 401 (not 500) for a number deleted after it was cached, while other numbers go on', async () => {
    const gone = (await userWithNumber(t)).number;
    const others = [(await userWithNumber(t)).number, (await userWithNumber(t)).number];
    // An event the app ignores still puts the number in the cache (and leaves nothing to clean up).
    const warm = await post(gone, { event: 'chats.upsert', instance: gone.instanceName, data: [] });
    expect(warm.json()).toEqual({ ok: true, outcome: 'ignored' });
    for (const n of others) expect((await post(n, upsert(n.instanceName, 'WARM'))).statusCode).toBe(200);

    await t.database.db.delete(numbers).where(eq(numbers.id, gone.id));

    const requests = [
      ...Array.from({ length: 10 }, (_, i) => ({ n: gone, id: `GONE${i}` })),
      ...others.flatMap((n) => Array.from({ length: 10 }, (_, i) => ({ n, id: `LIVE${i}` }))),
    ];
    // Interleaved, so the deleted number's events share batches with the live ones.
    requests.sort((a, b) => a.id.slice(-1).localeCompare(b.id.slice(-1)));
    const responses = await Promise.all(requests.map(({ n, id }) => post(n, upsert(n.instanceName, id))));
    responses.forEach((res, i) => {
      if (requests[i]!.n === gone) {
        expect(res.statusCode).toBe(401);
        expect(res.json().error.message).toBe('Webhook não autenticado.');
      } else {
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ ok: true, outcome: 'stored' });
      }
    });
    for (const n of others) expect(await eventsOf(n.id)).toHaveLength(11);
    expect(await eventsOf(gone.id)).toEqual([]);

    // The entry was dropped: the next webhook looks the instance up again and still finds nothing.
    expect((await post(gone, upsert(gone.instanceName, 'AFTER'))).statusCode).toBe(401);
  });

  it('accepts a number created a moment after its instance was unknown', async () => {
    const { userId } = await userWithNumber(t);
    const instanceName = `vendai-novo-${randomUUID().slice(0, 8)}`;
    const token = randomUUID();
    expect((await post({ instanceName, token }, upsert(instanceName, 'NEW1'))).statusCode).toBe(401);
    await t.database.db
      .insert(numbers)
      .values({ userId, token, phone: `5511${Date.now()}`.slice(0, 13), instanceName, apelido: 'Nova' });
    expect((await post({ instanceName, token }, upsert(instanceName, 'NEW1'))).json()).toEqual({
      ok: true,
      outcome: 'stored',
    });
  });
});

describe('gateway event store (group commit)', () => {
  const event = (numberId: string, eventKey: string | null, text = 'x') => ({
    numberId,
    event: 'messages.upsert',
    eventKey,
    payload: { event: 'messages.upsert', data: { text } },
  });

  it('stores the valid item of a batch that also holds an FK-violating one', async () => {
    const { number } = await userWithNumber(t);
    const warnings: object[] = [];
    const store = createGatewayEventStore(t.database, { log: { warn: (obj) => warnings.push(obj) } });
    // Added in one tick: one batch, whose multi-row insert fails on the unknown number.
    const [ok, bad, ok2] = await Promise.all([
      store.store(event(number.id, 'MIX1'), 100),
      store.store(event(randomUUID(), 'MIX2'), 100),
      store.store(event(number.id, 'MIX3'), 100),
    ]);
    expect(bad).toEqual({ outcome: 'unknown-number' });
    const rows = await eventsOf(number.id);
    expect(ok).toEqual({ outcome: 'stored', id: rows.find((r) => r.eventKey === 'MIX1')!.id });
    expect(ok2).toEqual({ outcome: 'stored', id: rows.find((r) => r.eventKey === 'MIX3')!.id });
    expect(rows).toHaveLength(2);
    // It did go through the batch insert and its one-by-one retry.
    expect(warnings).toMatchObject([{ items: 3 }]);
  });

  it('writes many concurrent events in a few statements', async () => {
    const { number } = await userWithNumber(t);
    let inserts = 0;
    // Counts the statements the store sends, whichever driver is underneath.
    const counted = <T extends object>(target: T | undefined) =>
      target &&
      new Proxy(target, {
        get(obj, prop, receiver) {
          const value = Reflect.get(obj, prop, receiver);
          if (prop !== 'query' || typeof value !== 'function') return value;
          return (...args: unknown[]) => {
            inserts += 1;
            return value.apply(obj, args);
          };
        },
      });
    const store = createGatewayEventStore({
      kind: t.database.kind,
      pool: counted(t.database.pool),
      pglite: counted(t.database.pglite),
    });
    const results = await Promise.all(
      Array.from({ length: 150 }, (_, i) => store.store(event(number.id, `MANY${i}`), 100)),
    );
    expect(results.every((r) => r.outcome === 'stored')).toBe(true);
    expect(await eventsOf(number.id)).toHaveLength(150);
    // Same tick: 150 fit one batch (maxItems 200).
    expect(inserts).toBe(1);
  });

  it('maps a batch back by key: in-batch duplicates and existing keys are replays, null keys never conflict', async () => {
    const { number } = await userWithNumber(t);
    const store = createGatewayEventStore(t.database);
    expect(await store.store(event(number.id, 'OLD'), 10)).toMatchObject({ outcome: 'stored' });

    const results = await Promise.all([
      store.store(event(number.id, 'DUP', 'primeira'), 10),
      store.store(event(number.id, 'OLD'), 10),
      store.store(event(number.id, null, 'n1'), 10),
      store.store(event(number.id, 'DUP', 'segunda'), 10),
      store.store(event(number.id, null, 'n2'), 10),
      store.store(event(number.id, 'NEW'), 10),
    ]);
    expect(results.map((r) => r.outcome)).toEqual(['stored', 'replay', 'stored', 'replay', 'stored', 'stored']);

    const rows = await eventsOf(number.id);
    expect(rows).toHaveLength(5);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const idOf = (i: number) => (results[i] as { id: string }).id;
    // The first of two same-key requests owns the row.
    expect(byId.get(idOf(0))!.payload).toMatchObject({ data: { text: 'primeira' } });
    expect(byId.get(idOf(2))!.payload).toMatchObject({ data: { text: 'n1' } });
    expect(byId.get(idOf(4))!.payload).toMatchObject({ data: { text: 'n2' } });
    expect(byId.get(idOf(5))!.eventKey).toBe('NEW');
  });

  it('keeps a batch under maxWeight and maxItems (one heavy item still goes)', async () => {
    const { number } = await userWithNumber(t);
    const store = createGatewayEventStore(t.database, { maxItems: 3, maxWeight: 1000, concurrency: 1 });
    const results = await Promise.all([
      store.store(event(number.id, 'W0'), 5000),
      ...Array.from({ length: 7 }, (_, i) => store.store(event(number.id, `W${i + 1}`), 400)),
    ]);
    expect(results.every((r) => r.outcome === 'stored')).toBe(true);
    const rows = await t.database.db
      .select()
      .from(gatewayEvents)
      .where(
        inArray(
          gatewayEvents.id,
          results.map((r) => (r as { id: string }).id),
        ),
      );
    expect(rows).toHaveLength(8);
  });
});

describe('number cache', () => {
  const row = (instanceName: string): WebhookNumber => ({
    id: randomUUID(),
    userId: 'u',
    instanceName,
    token: 't',
    status: 'DESCONECTADO',
  });

  it('shares one lookup between concurrent misses and keeps found numbers for the TTL only', async () => {
    let clock = 0;
    let loads = 0;
    const cache = createNumberCache({
      ttlMs: 5_000,
      now: () => clock,
      load: async (name) => {
        loads += 1;
        await new Promise((r) => setImmediate(r)); // in flight across a turn of the event loop
        return row(name);
      },
    });
    const found = await Promise.all(Array.from({ length: 10 }, () => cache.get('vendai1')));
    expect(loads).toBe(1);
    expect(new Set(found).size).toBe(1);
    clock = 4_999;
    await cache.get('vendai1');
    expect(loads).toBe(1);
    clock = 5_000;
    await cache.get('vendai1');
    expect(loads).toBe(2);
  });

  it('never remembers a miss, and forget() wins over a lookup in flight', async () => {
    let exists = false;
    let loads = 0;
    const cache = createNumberCache({
      load: async (name) => {
        loads += 1;
        await new Promise((r) => setImmediate(r)); // in flight across a turn of the event loop
        return exists ? row(name) : null;
      },
    });
    expect(await cache.get('vendai2')).toBeNull();
    exists = true;
    expect(await cache.get('vendai2')).not.toBeNull();
    expect(loads).toBe(2);

    cache.forget('vendai2');
    const inFlight = cache.get('vendai2');
    cache.forget('vendai2');
    await inFlight;
    expect(cache.size).toBe(0);
  });
});
