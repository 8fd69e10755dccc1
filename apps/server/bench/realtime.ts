/**
 * Realtime benchmark (npm run bench:realtime): on PostgreSQL, 1,000 WebSocket clients connected over
 * loopback to a real server process; events published by the app's own RealtimeHub.publish running
 * in this (second) process on the same database, as another server process would; the delay from
 * publish() to delivery measured on every client.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:realtime
 *
 * Options (env): BENCH_USERS (200), BENCH_TABS per user (5), BENCH_STEADY_EVENTS (1000),
 * BENCH_STEADY_RATE events/s (200), BENCH_BURST_ROUNDS (20).
 * A throwaway database is created on the server in DATABASE_URL and dropped at the end.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { Database } from '../src/db/client.ts';
import { createRealtimeHub } from '../src/realtime/create-realtime-hub.ts';
import { newPerson } from '../test/helpers/test-app.ts';
import { type ServerProcess, startServerProcess } from '../test/helpers/server-process.ts';
import { sampleMessageEvent as event } from '../test/helpers/realtime-events.ts';
import { connectWs, type WsClient } from '../test/helpers/ws-client.ts';

const USERS = Number(process.env.BENCH_USERS ?? 200);
const TABS = Number(process.env.BENCH_TABS ?? 5);
const STEADY_EVENTS = Number(process.env.BENCH_STEADY_EVENTS ?? 1000);
const STEADY_RATE = Number(process.env.BENCH_STEADY_RATE ?? 200);
const BURST_ROUNDS = Number(process.env.BENCH_BURST_ROUNDS ?? 20);
const ORIGIN = 'http://localhost:3000';

async function main() {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    console.error('bench:realtime needs DATABASE_URL (a PostgreSQL server where it may create and drop a database).');
    process.exit(1);
  }
  const dbName = `vendai_bench_${randomBytes(4).toString('hex')}`;
  await admin(serverUrl, `CREATE DATABASE ${dbName}`);
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();

  let server: ServerProcess | undefined;
  const sockets: WsClient[] = [];
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // The publishing side: the app's hub on its own pool (it only publishes here, it does not listen).
  const log = { error: (...args: unknown[]) => console.error(...args) } as unknown as Parameters<
    typeof createRealtimeHub
  >[0]['log'];
  const hub = createRealtimeHub({ database: { kind: 'postgres', pool } as Database, log, validateEvents: false });
  try {
    server = await startServerProcess(
      {
        DATABASE_URL: databaseUrl,
        APP_URL: ORIGIN,
        AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
        LOG_LEVEL: 'error',
      },
      { source: 'tsx' },
    ); // as the figures in docs/performance.md were measured
    console.log(`server process ${server.child.pid} on ${server.url} (PostgreSQL ${dbName})`);

    let t = performance.now();
    const users = await mapLimit(range(USERS), 8, async () => register(server!));
    console.log(`${USERS} users registered in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    // Per event sequence: when it was published and how many deliveries are still due.
    const sentAt = new Map<number, number>();
    const remaining = new Map<number, number>();
    const doneAt = new Map<number, number>();
    const deliveries: number[] = [];
    const onMessage = (raw: string) => {
      const now = performance.now();
      const msg = JSON.parse(raw) as { event: string; data?: { content?: string } };
      if (msg.event !== 'message.created') return;
      const seq = Number(msg.data!.content!.slice(6));
      deliveries.push(now - sentAt.get(seq)!);
      const left = remaining.get(seq)! - 1;
      remaining.set(seq, left);
      if (left === 0) doneAt.set(seq, now);
    };

    t = performance.now();
    const wsUrl = `${server.url.replace('http', 'ws')}/api/realtime`;
    const pairs = users.flatMap((u) => range(TABS).map(() => u));
    await mapLimit(pairs, 50, async (u) => {
      const ws = await connectWs(wsUrl, { cookie: u.cookie, origin: ORIGIN });
      ws.socket.on('message', (data) => onMessage(data.toString()));
      sockets.push(ws);
    });
    console.log(`${sockets.length} WebSocket clients connected in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    let seq = 0;
    const publish = async (userId: string) => {
      const s = ++seq;
      remaining.set(s, TABS);
      sentAt.set(s, performance.now());
      await hub.publish(userId, event(`bench:${s}`));
      return s;
    };
    const waitAll = async (seqs: number[], timeoutMs = 30_000) => {
      const deadline = Date.now() + timeoutMs;
      while (seqs.some((s) => !doneAt.has(s))) {
        if (Date.now() > deadline) throw new Error(`deliveries missing after ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 5));
      }
    };

    // Warm-up: one event per user.
    await waitAll(await Promise.all(users.map((u) => publish(u.id))));
    deliveries.length = 0;

    // 1. Steady: events at a fixed rate, each to one user's TABS connections.
    const steady: number[] = [];
    const interval = 1000 / STEADY_RATE;
    const start = performance.now();
    const pending: Promise<number>[] = [];
    for (let i = 0; i < STEADY_EVENTS; i++) {
      const due = start + i * interval;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      pending.push(publish(users[i % users.length]!.id));
    }
    const steadySeqs = await Promise.all(pending);
    await waitAll(steadySeqs);
    for (const s of steadySeqs) steady.push(doneAt.get(s)! - sentAt.get(s)!);
    const steadyDeliveries = [...deliveries];
    deliveries.length = 0;

    // 2. Burst: one event for every user at once → every one of the clients gets one.
    const bursts: number[] = [];
    for (let round = 0; round < BURST_ROUNDS; round++) {
      const t0 = performance.now();
      const seqs = await Promise.all(users.map((u) => publish(u.id)));
      await waitAll(seqs);
      bursts.push(Math.max(...seqs.map((s) => doneAt.get(s)!)) - t0);
      await new Promise((r) => setTimeout(r, 50));
    }
    const burstDeliveries = [...deliveries];

    console.log('');
    console.log(
      `Realtime, PostgreSQL, ${sockets.length} clients (${USERS} users × ${TABS} tabs), loopback, 1 server process`,
    );
    console.log(
      row('steady: publish → all of the user’s clients', steady, `${STEADY_EVENTS} events at ${STEADY_RATE}/s`),
    );
    console.log(
      row('steady: publish → one client (each delivery)', steadyDeliveries, `${steadyDeliveries.length} deliveries`),
    );
    console.log(
      row(`burst: ${USERS} events at once → all ${sockets.length} clients`, bursts, `${BURST_ROUNDS} rounds`),
    );
    console.log(
      row('burst: publish → one client (each delivery)', burstDeliveries, `${burstDeliveries.length} deliveries`),
    );
  } finally {
    await Promise.all(sockets.map((s) => s.close().catch(() => {})));
    await hub.close();
    await pool.end();
    await server?.stop();
    await admin(serverUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  }
}

async function register(server: ServerProcess) {
  const res = await fetch(`${server.url}/api/account/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify(newPerson()),
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const me = await fetch(`${server.url}/api/account/me`, { headers: { cookie, origin: ORIGIN } });
  return { cookie, id: ((await me.json()) as { user: { id: string } }).user.id };
}

function row(label: string, values: number[], note: string) {
  const sorted = [...values].sort((a, b) => a - b);
  const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
  return `  ${label.padEnd(52)} p50 ${q(0.5).toFixed(1).padStart(6)} ms   p95 ${q(0.95).toFixed(1).padStart(6)} ms   max ${sorted.at(-1)!.toFixed(1).padStart(6)} ms   (${note})`;
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    range(Math.min(limit, items.length)).map(async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!);
      }
    }),
  );
  return out;
}

async function admin(serverUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
