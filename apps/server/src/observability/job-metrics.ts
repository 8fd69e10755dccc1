import { Gauge, type Registry } from 'prom-client';
import type { Database } from '../db/client.ts';
import { selectQueueFigures, type QueueRow } from './probes-repository.ts';

/** The job states the gauge reports: due and waiting for a worker, waiting for their time, running. */
const STATES = ['ready', 'deferred', 'active'] as const;

/**
 * pg-boss's queues as Prometheus gauges, read at scrape with one statement on its job table (every
 * queue is listed, an empty one with zeros). Both gauges share that statement: the first to collect
 * runs it, the other reuses its answer within the same scrape.
 */
export function registerJobMetrics(registry: Registry, database: Database): void {
  let last: { at: number; rows: Promise<QueueRow[]> } | null = null;
  const queues = (): Promise<QueueRow[]> => {
    if (last && Date.now() - last.at < 1000) return last.rows;
    const rows = selectQueueFigures(database.db);
    last = { at: Date.now(), rows };
    rows.catch(() => (last = null));
    return rows;
  };

  new Gauge({
    name: 'vendai_job_queue_jobs',
    help: 'Jobs of each pg-boss queue: ready (due, waiting for a worker), deferred (due later), active (running)',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      const rows = await queues();
      this.reset();
      for (const row of rows) for (const state of STATES) this.set({ queue: row.queue, state }, Number(row[state]));
    },
  });
  new Gauge({
    name: 'vendai_job_lag_seconds',
    help: 'How long the oldest due job of each pg-boss queue has waited for a worker (0 when none waits)',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      const rows = await queues();
      this.reset();
      for (const row of rows) this.set({ queue: row.queue }, Math.max(0, Number(row.lag)));
    },
  });
}
