/**
 * npm run bench:engine — the conversation engine on PostgreSQL (DATABASE_URL: a server where a
 * throwaway database may be created; it is dropped at the end). Loopback only, bounded loops.
 *
 * The real server runs as its own process (as in production: apps/server/src/server.ts with
 * NODE_ENV=production) with delay 0 (agent timing 0, ENGINE_MIN_QUIET_MS=0). This process plays the
 * outside world over real HTTP: the gateway posting webhooks, a fake Evolution API whose sendText
 * answers at once (noting when each call arrived), and a fake OpenAI-compatible AI that answers at
 * once. It prints:
 *   1. webhook acknowledgement p50/p95 at a steady inbound rate (BENCH_RATE msg/s, default 500);
 *   2. pipeline overhead from webhook sent to the gateway's sendText received, p50/p95;
 *   3. sustained ingest (webhooks stored and processed into messages per second, as fast as it goes);
 *   4. raw single-row INSERTs per second on the same server with the same concurrency, and the ratio;
 *   5. the server process's CPU time per message.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import fs from 'node:fs';
import os from 'node:os';
import { openDatabase } from '../src/db/client.ts';
import { agentes, numbers, user } from '../src/db/schema/index.ts';
import { WEBHOOK_SECRET_HEADER } from '../src/integrations/gateway/webhook-config.ts';
import { startServerProcess } from '../test/helpers/server-process.ts';

const RATE = Number(process.env.BENCH_RATE ?? 500);
const STEADY_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const BLAST = Number(process.env.BENCH_BLAST ?? 4000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const RAW_SECONDS = Number(process.env.BENCH_RAW_SECONDS ?? 5);
/**
 * BENCH_CAMPAIGN=1: a campaign (docs/decisions/072-campaigns.md) to the warm-up's customers is sending
 * through the measured phases (QR track, spacing CAMPAIGN_QR_*_GAP_SECONDS 0–0.3 s, an old number's 60 a day).
 */
const CAMPAIGN = process.env.BENCH_CAMPAIGN === '1';
const CAMPAIGN_MARK = 'Promoção de campanha';

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.error(
    'bench:engine precisa de DATABASE_URL (um PostgreSQL onde possa criar e apagar um banco), ex.: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres',
  );
  process.exit(1);
}

async function admin(statement: string) {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

const pct = (xs: number[], p: number) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const ms = (x: number) => `${x.toFixed(1)} ms`;

/** The server process while it runs: stopped when the bench fails, so a failed run leaves no server loading the machine. */
let runningServer: Awaited<ReturnType<typeof startServerProcess>> | undefined;

async function main() {
  const dbName = `vendai_bench_engine_${randomBytes(4).toString('hex')}`;
  await admin(`CREATE DATABASE ${dbName}`);
  const url = new URL(serverUrl!);
  url.pathname = `/${dbName}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });

  // Fake AI: answers at once with an echo of the last customer message (it carries the message's id).
  const llm = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const msgs = (JSON.parse(body) as { messages: { role: string; content: string }[] }).messages;
      const last = [...msgs].reverse().find((m) => m.role === 'user')?.content ?? '';
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'x',
          object: 'chat.completion',
          created: 0,
          model: 'fake',
          choices: [{ index: 0, message: { role: 'assistant', content: `eco ${last}` }, finish_reason: 'stop' }],
        }),
      );
    });
  });
  await new Promise<void>((r) => llm.listen(0, '127.0.0.1', () => r()));
  const llmUrl = `http://127.0.0.1:${(llm.address() as AddressInfo).port}/v1`;

  // Fake Evolution API: sendText answers at once; we note when each reply's call arrived (its text
  // carries the customer message's id). Presence and everything else answer at once too.
  const sendCalledAt = new Map<string, number>();
  /** When each campaign message reached the gateway (BENCH_CAMPAIGN=1). */
  const campaignSends: number[] = [];
  const evolution = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const at = performance.now();
      const isSend = req.url?.startsWith('/message/sendText/') === true;
      res.writeHead(isSend ? 201 : 200, { 'content-type': 'application/json' });
      if (!isSend) return res.end('{}');
      const input = JSON.parse(body) as { number: string; text: string };
      if (input.text.includes(CAMPAIGN_MARK)) campaignSends.push(at);
      const id = /m-[0-9a-f-]+/.exec(input.text)?.[0];
      if (id && !sendCalledAt.has(id)) sendCalledAt.set(id, at);
      res.end(
        JSON.stringify({
          key: { remoteJid: input.number, fromMe: true, id: `3EB0${randomBytes(9).toString('hex').toUpperCase()}` },
          status: 'PENDING',
        }),
      );
    });
  });
  await new Promise<void>((r) => evolution.listen(0, '127.0.0.1', () => r()));
  const evolutionUrl = `http://127.0.0.1:${(evolution.address() as AddressInfo).port}`;

  const server = await startServerProcess(
    {
      NODE_ENV: 'production',
      LOG_LEVEL: process.env.BENCH_SERVER_LOG_LEVEL ?? 'warn',
      DATABASE_URL: url.toString(),
      APP_URL: 'http://127.0.0.1',
      AUTH_SECRET: randomBytes(32).toString('hex'),
      EVOLUTION_API_URL: evolutionUrl,
      EVOLUTION_API_KEY: 'bench',
      AI_PROVIDER: 'openai',
      AI_BASE_URL: llmUrl,
      AI_API_KEY: 'bench',
      AI_MAX_RETRIES: '0',
      ENGINE_MIN_QUIET_MS: '0',
      CAMPAIGN_QR_MIN_GAP_SECONDS: '0',
      CAMPAIGN_QR_MAX_GAP_SECONDS: '0.3',
      // e.g. BENCH_SERVER_NODE_OPTIONS='--cpu-prof --cpu-prof-dir=/tmp/prof' to profile the server.
      NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS,
      // The sources through tsx, as every figure in docs/performance.md before the test processes moved to the bundle.
    },
    { source: 'tsx' },
  );
  runningServer = server;
  const base = server.url;
  /** CPU seconds the server process has used so far (user + system, from /proc). */
  const serverCpu = () => {
    const fields = fs.readFileSync(`/proc/${server.child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  };
  /**
   * CPU seconds all PostgreSQL processes on this machine have used so far (the whole server, not only
   * this database): the living processes' own time plus their ended children's (the postmaster's
   * cutime/cstime), so a backend or autovacuum worker that exits inside the window still counts.
   */
  const postgresCpu = () => {
    let total = 0;
    for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        if (!stat.includes('(postgres)')) continue;
        const f = stat.split(') ')[1]!.split(' ');
        total += (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / 100;
      } catch {
        /* gone */
      }
    }
    return total;
  };
  /** CPU seconds of this process: the gateway posting webhooks, the fake AI and the fake Evolution API. */
  const benchCpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1e6;
  };
  /** Of which in the kernel (system time): sockets and process wake-ups. */
  const serverSystemCpu = () =>
    Number(fs.readFileSync(`/proc/${server.child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[12]) / 100;

  // One shop: a user on a paid plan (no free limit), an agent with delay 0 linked to a connected number.
  const userId = `bench-${randomBytes(4).toString('hex')}`;
  await database.db.insert(user).values({ id: userId, name: 'Bench', email: `${userId}@exemplo.com.br` });
  await database.db.execute(
    sql`insert into profiles (id, active_plan_id) select ${userId}, id from plans where slug = 'sem-limites'`,
  );
  const [agent] = await database.db
    .insert(agentes)
    .values({ userId, systemPrompt: 'Você é Luna.', timing: 0 })
    .returning();
  const instanceName = `vendai-bench-${randomBytes(3).toString('hex')}`;
  const token = randomBytes(16).toString('hex');
  await database.db
    .insert(numbers)
    .values({ userId, token, phone: '5511900000000', instanceName, agente: agent!.id, status: 'CONECTADO' });

  const agentPool = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY * 2 });
  let seq = 0;
  /** One inbound customer message (each from a new customer, so each is its own burst). */
  function webhook(): Promise<{ ackMs: number; id: string; sentAt: number }> {
    seq += 1;
    const id = `m-${randomUUID()}`;
    const phone = `55119${String(seq).padStart(8, '0')}`;
    const body = JSON.stringify({
      event: 'messages.upsert',
      instance: instanceName,
      data: {
        key: {
          remoteJid: `${phone}@s.whatsapp.net`,
          fromMe: false,
          id: `3A${randomBytes(9).toString('hex').toUpperCase()}`,
        },
        pushName: 'Cliente',
        status: 'DELIVERY_ACK',
        message: { conversation: id },
        messageType: 'conversation',
        messageTimestamp: Math.floor(Date.now() / 1000),
      },
    });
    const sentAt = performance.now();
    return new Promise((resolve, reject) => {
      const req = http.request(
        `${base}/webhooks/gateway/${instanceName}`,
        {
          method: 'POST',
          agent: agentPool,
          headers: {
            'content-type': 'application/json',
            [WEBHOOK_SECRET_HEADER]: token,
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () =>
            res.statusCode === 200
              ? resolve({ ackMs: performance.now() - sentAt, id, sentAt })
              : reject(new Error(`webhook ${res.statusCode}`)),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  const countMessages = async () => {
    const r = await database.pool!.query<{ n: number }>(
      "select count(*)::int as n from messages where direction = 'in'",
    );
    return r.rows[0]!.n;
  };
  /** Waits for the condition; false when the time limit passed first (the figures then say so). */
  const waitUntil = async (check: () => Promise<boolean> | boolean, limitMs: number) => {
    const deadline = Date.now() + limitMs;
    while (!(await check())) {
      if (Date.now() > deadline) return false;
      await new Promise((r) => setTimeout(r, 20));
    }
    return true;
  };

  // Warm-up: a history of customers answered before measuring, then what autovacuum keeps a live
  // database in: statistics taken (a brand-new database has none, and PostgreSQL would keep the plans it
  // made on empty tables) and dead rows cleared; then a checkpoint, so that neither autovacuum's pass
  // over the history nor a checkpoint's writes land in the measured window (the PostgreSQL CPU is that
  // of all its processes). BENCH_HISTORY=0 measures a new database.
  const HISTORY = Number(process.env.BENCH_HISTORY ?? 5000);
  const warmUp = Math.max(HISTORY, 50);
  for (let i = 0; i < warmUp; i += 8)
    await Promise.all(Array.from({ length: Math.min(8, warmUp - i) }, () => webhook()));
  if (!(await waitUntil(() => sendCalledAt.size >= warmUp, 120_000)))
    throw new Error(
      `the warm-up's replies did not reach the gateway (${sendCalledAt.size}/${warmUp}): the echo carrying each message's id was not sent as written`,
    );
  if (HISTORY > 0) {
    await database.pool!.query('vacuum analyze');
    await database.pool!.query('checkpoint');
  }

  if (CAMPAIGN) await startCampaign(database, userId, url.toString());

  // 0: idle. What the server and PostgreSQL spend per second with no traffic (job queues polled, sweepers,
  // timers): the steady phase's CPU per message includes it, spread over RATE messages a second.
  const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 10);
  // Transactions committed in the database (pg_stat_database): every statement the server sends outside an
  // explicit transaction is one, so this counts the statements per answered message without a log, and
  // load does not change it. An idle backend reports its own up to 10 s late: the warm-up's are let in
  // first, and the steady phase's are read 11 s after its last answer (the idle rate taken off).
  const xacts = async () =>
    Number(
      (
        await database.pool!.query<{ n: string }>(
          'select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()',
        )
      ).rows[0]!.n,
    );
  await new Promise((r) => setTimeout(r, 11_000));
  const idleServer0 = serverCpu();
  const idlePg0 = postgresCpu();
  const idleX0 = await xacts();
  const idleT0 = performance.now();
  await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
  const idleElapsed = (performance.now() - idleT0) / 1000;
  const idleXacts = await xacts();
  const idleXactsPerSec = (idleXacts - idleX0) / idleElapsed;
  const steadyXT0 = performance.now();
  const idleServerPerSec = ((serverCpu() - idleServer0) * 1000) / idleElapsed;
  const idlePgPerSec = ((postgresCpu() - idlePg0) * 1000) / idleElapsed;

  // 1 + 2: steady rate.
  const total = RATE * STEADY_SECONDS;
  const acks: number[] = [];
  const sent: { id: string; sentAt: number }[] = [];
  const inflight: Promise<void>[] = [];
  const cpu0 = serverCpu();
  const sys0 = serverSystemCpu();
  const pg0 = postgresCpu();
  const bench0 = benchCpu();
  const t0 = performance.now();
  for (let i = 0; i < total; i++) {
    const due = t0 + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    inflight.push(
      webhook().then((r) => {
        acks.push(r.ackMs);
        sent.push({ id: r.id, sentAt: r.sentAt });
      }),
    );
  }
  await Promise.all(inflight);
  const steadyElapsed = (performance.now() - t0) / 1000;
  const replyLimitMs = Number(process.env.BENCH_REPLY_WAIT_MS ?? 180_000);
  const allReplied = await waitUntil(() => sent.every((s) => sendCalledAt.has(s.id)), replyLimitMs);
  const replied = sent.filter((s) => sendCalledAt.has(s.id));
  const pipeline = replied.map((s) => sendCalledAt.get(s.id)! - s.sentAt);
  const lastSend = Math.max(...replied.map((s) => sendCalledAt.get(s.id)!));
  const replyRate = replied.length / ((lastSend - t0) / 1000);
  const cpuPerMessage = ((serverCpu() - cpu0) * 1000) / total;
  const sysPerMessage = ((serverSystemCpu() - sys0) * 1000) / total;
  const pgPerMessage = ((postgresCpu() - pg0) * 1000) / total;
  const benchPerMessage = ((benchCpu() - bench0) * 1000) / total;
  const machineSeconds = (lastSend - t0) / 1000;
  await new Promise((r) => setTimeout(r, 11_000));
  const steadyXacts = (await xacts()) - idleXacts - (idleXactsPerSec * (performance.now() - steadyXT0)) / 1000;

  // 3: sustained ingest, as fast as it goes with CONCURRENCY requests in flight: first with the AI
  // answering every message as it goes (the server does both), then storing only (agent inactive).
  const blast = async () => {
    const before = await countMessages();
    const cpuStart = serverCpu();
    const start = performance.now();
    let started = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (started < BLAST) {
          started += 1;
          await webhook();
        }
      }),
    );
    await waitUntil(async () => (await countMessages()) >= before + BLAST, 300_000);
    const ingested = (await countMessages()) - before;
    return {
      ingested,
      perSec: ingested / ((performance.now() - start) / 1000),
      cpuMs: ((serverCpu() - cpuStart) * 1000) / Math.max(1, ingested),
    };
  };
  const withReplies = await blast();
  await waitUntil(async () => sendCalledAt.size >= seq, 120_000);
  await database.db
    .update(agentes)
    .set({ active: false })
    .where(sql`${agentes.id} = ${agent!.id}`);
  const storeOnly = await blast();

  // 4: raw single-row INSERTs on the same server, same concurrency, own pool.
  const raw = new pg.Pool({ connectionString: url.toString(), max: CONCURRENCY });
  await raw.query(
    'create table bench_raw (id uuid primary key default gen_random_uuid(), k text not null, payload jsonb not null, at timestamptz not null default now())',
  );
  let inserts = 0;
  const t2 = performance.now();
  const rawDeadline = t2 + RAW_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < rawDeadline) {
        await raw.query('insert into bench_raw (k, payload) values ($1, $2)', [randomUUID(), { text: 'Olá' }]);
        inserts += 1;
      }
    }),
  );
  const rawPerSec = inserts / ((performance.now() - t2) / 1000);
  await raw.end();

  console.log('');
  console.log(
    HISTORY > 0
      ? `  database: ${HISTORY} customers answered before measuring, then VACUUM ANALYZE and CHECKPOINT (a live database; BENCH_HISTORY=0 for a new one)`
      : '  database: new (50 messages before measuring, no statistics taken)',
  );
  console.log(
    `Conversation engine, PostgreSQL, loopback, server in its own process, delay 0, fake AI and gateway answering at once`,
  );
  console.log(
    `  webhook ack at ${RATE} msg/s (${total} msgs in ${steadyElapsed.toFixed(1)} s): p50 ${ms(pct(acks, 50))}, p95 ${ms(pct(acks, 95))}, p99 ${ms(pct(acks, 99))}   (target p95 ≤ 50 ms)`,
  );
  console.log(
    `  pipeline webhook received → gateway send called: p50 ${ms(pct(pipeline, 50))}, p95 ${ms(pct(pipeline, 95))}, p99 ${ms(pct(pipeline, 99))}   (target p95 ≤ 25 ms)`,
  );
  console.log(
    `  replies: ${replied.length}/${sent.length} sent${allReplied ? '' : ` within ${replyLimitMs / 1000} s (the rest still queued)`}, ${replyRate.toFixed(0)} replies/s end to end`,
  );
  console.log(
    `  sustained ingest, AI answering each message (${withReplies.ingested}/${BLAST} stored, ${CONCURRENCY} in flight): ${withReplies.perSec.toFixed(0)} msg/s`,
  );
  console.log(`  sustained ingest, storing only (agent inactive): ${storeOnly.perSec.toFixed(0)} msg/s`);
  console.log(
    `  raw single-row INSERTs (${CONCURRENCY} connections, ${RAW_SECONDS} s): ${rawPerSec.toFixed(0)} rows/s`,
  );
  console.log(
    `  server CPU per message: ${cpuPerMessage.toFixed(2)} ms received and answered (steady; ${sysPerMessage.toFixed(2)} ms of it in the kernel), ${withReplies.cpuMs.toFixed(2)} ms (blast with answers), ${storeOnly.cpuMs.toFixed(2)} ms stored only`,
  );
  console.log(
    `  machine CPU per message (steady): server ${cpuPerMessage.toFixed(2)} ms + PostgreSQL ${pgPerMessage.toFixed(2)} ms + this process (load, fake AI and gateway) ${benchPerMessage.toFixed(2)} ms = ${(cpuPerMessage + pgPerMessage + benchPerMessage).toFixed(2)} ms; at ${RATE} msg/s that is ${(((cpuPerMessage + pgPerMessage + benchPerMessage) * RATE) / 1000).toFixed(2)} cores (this machine: ${os.cpus().length}); steady phase took ${machineSeconds.toFixed(1)} s to answer everything`,
  );
  console.log(
    `  idle, no traffic (${idleElapsed.toFixed(0)} s before the steady phase): server ${idleServerPerSec.toFixed(1)} ms/s + PostgreSQL ${idlePgPerSec.toFixed(1)} ms/s of CPU; at ${RATE} msg/s that is ${((idleServerPerSec + idlePgPerSec) / RATE).toFixed(2)} ms of the machine CPU per message above (server ${(idleServerPerSec / RATE).toFixed(2)} ms, PostgreSQL ${(idlePgPerSec / RATE).toFixed(2)} ms)`,
  );
  console.log(
    `  transactions per answered message (steady, pg_stat_database, idle's ${idleXactsPerSec.toFixed(1)}/s taken off): ${(steadyXacts / total).toFixed(2)}`,
  );
  console.log(
    `  ratio ingest / raw inserts: ${(withReplies.perSec / rawPerSec).toFixed(2)} with answers, ${(storeOnly.perSec / rawPerSec).toFixed(2)} storing only   (target ≥ 0.5)`,
  );

  await server.stop();
  if (CAMPAIGN)
    console.log(
      `  campaign in progress: ${campaignSends.length} campaign messages reached the gateway during the run (${campaignSends.filter((at) => at >= t0 && at <= t0 + steadyElapsed * 1000).length} in the steady phase)`,
    );
  if (process.env.BENCH_SERVER_LOG_FILE) fs.writeFileSync(process.env.BENCH_SERVER_LOG_FILE, server.output());
  evolution.close();
  await database.close();
  llm.close();
  agentPool.destroy();
  // BENCH_KEEP_DATABASE=1 keeps the database for a look afterwards (EXPLAIN of the engine's statements).
  if (process.env.BENCH_KEEP_DATABASE === '1') console.log(`  database kept: ${dbName}`);
  else await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
}

main().then(
  () => process.exit(0),
  async (err) => {
    console.error(err);
    if (runningServer) {
      console.error(`server output (last lines):\n${runningServer.output().slice(-4000)}`);
      await runningServer.stop().catch(() => runningServer?.child.kill('SIGKILL'));
    }
    process.exit(1);
  },
);

/**
 * A campaign to the warm-up's customers, sending while the phases are measured: open every hour, the number
 * two months old (60 a day), each customer's consent and a name of their own (the variation differs), the
 * campaign row due now and its job queued as the app queues it (campaigns.send, one per campaign).
 */
async function startCampaign(database: Awaited<ReturnType<typeof openDatabase>>, userId: string, databaseUrl: string) {
  const db = database.db;
  await db.execute(sql`update numbers set created_at = now() - interval '60 days' where user_id = ${userId}`);
  await db.execute(sql`
    insert into business_hours (user_id, week, closed_days)
    values (${userId}, ${JSON.stringify(Array(7).fill({ from: '00:00', to: '23:59' }))}::jsonb, '[]'::jsonb)
    on conflict (user_id) do update set week = excluded.week`);
  await db.execute(sql`
    update conversations set contact_name = 'C' || right(split_part(contact_jid, '@', 1), 8), customer_last_at = now()
    where user_id = ${userId}`);
  await db.execute(sql`
    insert into marketing_consents (user_id, conv_id, contact_address, method, given_at)
    select user_id, id, contact_jid, 'asked_in_chat', now() from conversations where user_id = ${userId}
    on conflict do nothing`);
  const [row] = (
    await database.pool!.query<{ id: string }>(
      `insert into campaigns (user_id, number_id, name, track, audience, text, status, scheduled_at)
       select user_id, id, 'Bench', 'qr', '{"labelIds":[],"stageIds":[],"purchase":null,"silentDays":null}'::jsonb,
              'Oi {nome}! ${CAMPAIGN_MARK}', 'scheduled', now() from numbers where user_id = $1 returning id`,
      [userId],
    )
  ).rows;
  const boss = new PgBoss({ connectionString: databaseUrl, max: 1 });
  await boss.start();
  await boss.send('campaigns.send', { campaignId: row!.id }, { singletonKey: row!.id });
  await boss.stop({ graceful: false });
}
