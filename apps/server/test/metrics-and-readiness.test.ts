/**
 * Metrics and readiness (docs/decisions/029-process-metrics-and-readiness.md): GET /metrics speaks the
 * Prometheus text format with the product's series, behind METRICS_TOKEN, and is absent in production
 * without one, and only for this machine outside production without one; GET /api/ready names the
 * check that failed (database, migrations, gateway) with a 503, and asks the Evolution API at most once
 * per GATEWAY_CHECK_REUSE_MS, without its key, however many anonymous callers ask
 * (docs/decisions/049-request-cost-before-auth.md).
 */
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../src/lib/app-error.ts';
import { createMetrics, instrumentLlm } from '../src/observability/index.ts';
import { GATEWAY_CHECK_REUSE_MS } from '../src/observability/check-readiness.ts';
import { startCaptureServer } from './helpers/gateway-helpers.ts';
import { customerSays, openShop, sentToCustomers, waitFor } from './helpers/engine-harness.ts';
import { useEngineApp } from './helpers/engine-test.ts';
import { createTestApp, PRODUCTION_TEST_ENV, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKind } from './helpers/test-database.ts';

const TOKEN = 'um-token-de-metricas-bem-longo-0123';
const PRODUCTION = PRODUCTION_TEST_ENV;

let t: TestApp | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await t?.close();
  t = undefined;
});

/**
 * One app with the default environment for the tests that only read it (a test database and an app cost about
 * 1.6 s of CPU each, docs/decisions/076-ci-cpu-budget.md). A test that changes what the others read (stops the
 * job runner, deletes a migration row) or needs another environment builds its own in `t`.
 */
let shared: TestApp | undefined;
beforeAll(async () => {
  shared = await createTestApp();
});
afterAll(async () => {
  await shared?.close();
});
const defaultApp = (): TestApp => shared!;

describe('GET /metrics', () => {
  it('exposes the process and product series in Prometheus format, webhook acks included', async () => {
    const { app } = defaultApp();
    // A webhook answered (here refused: unknown instance) is timed with its status (the only webhook of this app).
    await app.inject({ method: 'POST', url: '/webhooks/gateway/nao-existe', payload: { event: 'x' } });
    const res = await app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(/^vendai_webhook_ack_seconds_count\{status="\d{3}"\} 1$/m);
    for (const state of ['waiting', 'generating', 'sending']) {
      expect(text).toContain(`vendai_reply_bursts{state="${state}"} 0`);
    }
    expect(text).toMatch(/^vendai_reply_lag_seconds 0$/m);
    expect(text).toMatch(/^vendai_process_resident_memory_bytes \d+/m);
    expect(text).toContain('# TYPE vendai_ai_request_seconds histogram');
    expect(text).toContain('# TYPE vendai_gateway_failures_total counter');
    expect(text).toContain('# TYPE vendai_pipeline_seconds histogram');
    // Every pg-boss queue is listed, an idle one with zeros.
    for (const state of ['ready', 'deferred', 'active']) {
      expect(text).toMatch(new RegExp(`^vendai_job_queue_jobs\\{queue="alerts\\.send",state="${state}"\\} \\d+$`, 'm'));
    }
    expect(text).toMatch(/^vendai_job_lag_seconds\{queue="engine\.ingest"\} [\d.e-]+$/m);
    if (testDatabaseKind() === 'postgres') expect(text).toMatch(/^vendai_db_pool_connections\{state="total"\} \d+$/m);
  });

  it('every series the Grafana dashboard plots is exposed', async () => {
    const { app } = defaultApp();
    const exposed = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    const dashboard = fs.readFileSync(
      new URL('../../../docs/operations/grafana-dashboard.json', import.meta.url),
      'utf8',
    );
    const plotted = new Set(dashboard.match(/vendai_[a-z0-9_]+/g));
    expect(plotted.size).toBeGreaterThan(8);
    // The pool exists with PostgreSQL only (PGlite is one in-process connection).
    if (testDatabaseKind() === 'pglite') plotted.delete('vendai_db_pool_connections');
    for (const name of plotted) expect(exposed, name).toContain(`# TYPE ${name.replace(/_(bucket|count)$/, '')} `);
  });

  it('with METRICS_TOKEN: only the bearer of the token reads them', async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer errado' } });
    expect(wrong.statusCode).toBe(401);
    const ok = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('vendai_reply_bursts');
  });

  it('outside production without METRICS_TOKEN: this machine only; another address gets 404', async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
    const from = (remoteAddress: string, headers: Record<string, string> = {}) =>
      t!.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });
    for (const local of ['127.0.0.1', '::1', '::ffff:127.0.0.1'])
      expect((await from(local)).statusCode, local).toBe(200);
    for (const other of ['192.168.0.20', '10.0.0.5', 'fd00::5']) {
      const res = await from(other);
      expect(res.statusCode, other).toBe(404);
      expect(res.body).not.toContain('vendai_');
    }
    // Through a trusted proxy on this machine, the client it forwards is who asks.
    expect((await from('127.0.0.1', { 'x-forwarded-for': '203.0.113.5' })).statusCode).toBe(404);
  });

  it('in production without METRICS_TOKEN: 404', async () => {
    t = await createTestApp({ env: PRODUCTION });
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('vendai_');
  });

  it('job queues: due jobs waiting for a worker, later ones, and how long the oldest due one has waited', async () => {
    t = await createTestApp();
    // No worker any more: what is queued now waits.
    await t.app.deps.jobs.stop();
    await t.database.db.execute(sql`
      insert into pgboss.job (name, data, start_after) values
        ('alerts.send', '{}', now() - interval '5 seconds'),
        ('alerts.send', '{}', now() - interval '1 second'),
        ('alerts.send', '{}', now() + interval '1 hour')`);
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(text).toMatch(/^vendai_job_queue_jobs\{queue="alerts\.send",state="ready"\} 2$/m);
    expect(text).toMatch(/^vendai_job_queue_jobs\{queue="alerts\.send",state="deferred"\} 1$/m);
    expect(text).toMatch(/^vendai_job_queue_jobs\{queue="alerts\.send",state="active"\} 0$/m);
    const lag = Number(/^vendai_job_lag_seconds\{queue="alerts\.send"\} ([\d.e-]+)$/m.exec(text)?.[1]);
    expect(lag).toBeGreaterThanOrEqual(5);
    expect(lag).toBeLessThan(60);
    expect(text).toMatch(/^vendai_job_lag_seconds\{queue="engine\.ingest"\} 0$/m);
  });

  it('AI latency and failures by kind of request', async () => {
    const metrics = createMetrics(defaultApp().database);
    let fail = false;
    const llm = instrumentLlm(
      {
        kind: 'demo',
        async complete() {
          if (fail) throw new AppError('UPSTREAM');
          return 'oi';
        },
      },
      metrics,
    );
    const reply = { kind: 'reply' as const, systemPrompt: '', respostas: [], history: [] };
    await llm.complete({ messages: [], task: reply });
    fail = true;
    await expect(llm.complete({ messages: [], task: reply })).rejects.toThrow();
    const text = await metrics.registry.metrics();
    expect(text).toMatch(/^vendai_ai_request_seconds_count\{kind="reply",outcome="ok"\} 1$/m);
    expect(text).toMatch(/^vendai_ai_request_seconds_count\{kind="reply",outcome="failed"\} 1$/m);
    expect(text).toMatch(/^vendai_ai_failures_total\{kind="reply"\} 1$/m);
  });
});

describe('pipeline histogram', () => {
  const e = useEngineApp();

  it("observes a customer's message from the webhook to the AI answer's first part at the gateway", async () => {
    const shop = await openShop(e);
    const before = Date.now();
    await customerSays(e, shop, 'Olá, vocês entregam em Campinas?');
    await waitFor(async () => (await sentToCustomers(e, shop)).length === 1, 'one reply');
    const took = (Date.now() - before) / 1000;
    let text = '';
    await waitFor(async () => {
      text = (await e.t.app.inject({ method: 'GET', url: '/metrics' })).body;
      return /^vendai_pipeline_seconds_count 1$/m.test(text);
    }, 'the answer observed');
    // At least the quiet time (ENGINE_MIN_QUIET_MS, 400 ms in these tests), at most what the test waited.
    const sum = Number(/^vendai_pipeline_seconds_sum ([\d.e-]+)$/m.exec(text)?.[1]);
    expect(sum).toBeGreaterThanOrEqual(0.35);
    expect(sum).toBeLessThanOrEqual(took + 0.5);
  });
});

describe('GET /api/ready', () => {
  it('200 with every check ok', async () => {
    const { app } = defaultApp();
    const res = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ready: true,
      checks: { database: { status: 'ok' }, migrations: { status: 'ok' }, gateway: { status: 'ok' } },
    });
  });

  it('503 naming the gateway when the Evolution API does not answer', async () => {
    t = await createTestApp({ env: PRODUCTION });
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    const body = res.json();
    expect(body.ready).toBe(false);
    expect(body.checks.database).toEqual({ status: 'ok' });
    expect(body.checks.gateway.status).toBe('failed');
    expect(body.checks.gateway.detail).toMatch(/ECONNREFUSED|fetch failed/);
    // Liveness is another question: the process is up.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('anonymous calls cost one call to the Evolution API per reuse window, without its key', async () => {
    const evolution = await startCaptureServer();
    try {
      t = await createTestApp({ env: { ...PRODUCTION, EVOLUTION_API_URL: evolution.url } });
      const ready = () => t!.app.inject({ method: 'GET', url: '/api/ready' });
      const answers = await Promise.all(Array.from({ length: 20 }, ready));
      for (let i = 0; i < 5; i++) answers.push(await ready());
      expect(answers.map((a) => a.statusCode)).toEqual(Array(25).fill(200));
      expect(evolution.requests).toHaveLength(1);
      expect(evolution.requests[0]!.headers.apikey).toBeUndefined();
      // Past the window the next call asks again, and sees the Evolution API failing.
      evolution.respond = 503;
      const now = performance.now.bind(performance);
      vi.spyOn(performance, 'now').mockImplementation(() => now() + GATEWAY_CHECK_REUSE_MS + 1);
      const later = await ready();
      expect(evolution.requests).toHaveLength(2);
      expect(later.statusCode).toBe(503);
      expect(later.json().checks.gateway).toEqual({ status: 'failed', detail: 'Evolution API respondeu 503' });
    } finally {
      await evolution.close();
    }
  });

  it('503 naming the migrations when the schema is behind the code', async () => {
    t = await createTestApp();
    await t.database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`,
    );
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json().checks.migrations).toEqual({
      status: 'failed',
      detail: expect.stringMatching(/migrações aplicadas/),
    });
  });

  it('503 naming the database when it does not answer', async () => {
    const { app } = defaultApp();
    // Restored after the test (vi.restoreAllMocks above).
    vi.spyOn(app.deps.database.db, 'execute').mockRejectedValue(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
    const res = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    const { checks } = res.json();
    expect(checks.database).toEqual({ status: 'failed', detail: 'connect ECONNREFUSED 127.0.0.1:5432' });
    expect(checks.migrations).toEqual({ status: 'failed', detail: 'banco indisponível' });
    expect(checks.gateway).toEqual({ status: 'ok' });
  });
});
