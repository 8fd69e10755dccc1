import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.ts';
import { countBurstsByState, oldestDueBurstLag } from './probes-repository.ts';
import { registerJobMetrics } from './job-metrics.ts';

/** Seconds buckets from a fast webhook ack (a few ms) to a slow AI answer (a minute). */
const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
/** Seconds buckets of a whole answer: the quiet time (2 s at least) plus the AI, up to minutes when behind. */
const PIPELINE_SECONDS = [1, 2, 3, 4, 5, 7.5, 10, 15, 20, 30, 45, 60, 120, 300];

/**
 * The process's Prometheus metrics (docs/decisions/029-process-metrics-and-readiness.md): one registry
 * per app, process defaults (memory, CPU, event loop) prefixed `vendai_`, and the product's own series.
 * Counters and histograms are fed by the instrumented ports (instrument.ts) and the webhook hook
 * (observability/index.ts), the pipeline histogram by the engine's hook (pipeline-timer.ts); gauges read the
 * database when Prometheus scrapes (reply bursts, pg-boss queues in job-metrics.ts).
 */
export function createMetrics(database: Database) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'vendai_' });

  const webhookAck = new Histogram({
    name: 'vendai_webhook_ack_seconds',
    help: 'Time to answer a gateway webhook (the event is stored before the answer)',
    labelNames: ['status'],
    buckets: SECONDS,
    registers: [registry],
  });
  const aiCall = new Histogram({
    name: 'vendai_ai_request_seconds',
    help: 'AI completion latency by kind of request and outcome',
    labelNames: ['kind', 'outcome'],
    buckets: SECONDS,
    registers: [registry],
  });
  const aiFailures = new Counter({
    name: 'vendai_ai_failures_total',
    help: 'AI completions that failed, by kind of request',
    labelNames: ['kind'],
    registers: [registry],
  });
  const gatewayCall = new Histogram({
    name: 'vendai_gateway_request_seconds',
    help: 'WhatsApp gateway call latency by operation and outcome',
    labelNames: ['operation', 'outcome'],
    buckets: SECONDS,
    registers: [registry],
  });
  const gatewayFailures = new Counter({
    name: 'vendai_gateway_failures_total',
    help: 'WhatsApp gateway calls that failed, by operation (sendText: a reply part not delivered)',
    labelNames: ['operation'],
    registers: [registry],
  });

  const abuseAlarms = new Counter({
    name: 'vendai_abuse_alarms_total',
    help: 'Signs of abuse, by kind (observability/alarms.ts): e.g. one phone claimed by several accounts',
    labelNames: ['kind'],
    registers: [registry],
  });

  const pipeline = new Histogram({
    name: 'vendai_pipeline_seconds',
    help: "From the webhook receiving the customer's last message of a burst to the answer's first part accepted by the gateway",
    buckets: PIPELINE_SECONDS,
    registers: [registry],
  });

  new Gauge({
    name: 'vendai_reply_bursts',
    help: 'Open reply bursts by state (waiting for quiet time, generating, sending)',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const rows = await countBurstsByState(database.db);
      this.reset();
      for (const state of ['waiting', 'generating', 'sending']) {
        this.set({ state }, rows.find((r) => r.state === state)?.n ?? 0);
      }
    },
  });
  new Gauge({
    name: 'vendai_reply_lag_seconds',
    help: 'How late the most overdue waiting burst is (0 when every due reply has been picked up)',
    registers: [registry],
    async collect() {
      this.set(await oldestDueBurstLag(database.db));
    },
  });
  registerJobMetrics(registry, database);
  const pool = database.pool;
  if (pool) {
    new Gauge({
      name: 'vendai_db_pool_connections',
      help: 'PostgreSQL pool connections: total open, idle, and requests waiting for one',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }

  return { registry, webhookAck, pipeline, aiCall, aiFailures, gatewayCall, gatewayFailures, abuseAlarms };
}
export type Metrics = ReturnType<typeof createMetrics>;
