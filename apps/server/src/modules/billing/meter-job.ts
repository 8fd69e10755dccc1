import { z } from 'zod';
import { defineJob, defineJobType, type Jobs, type JobType } from '../../jobs/job.ts';
import type { BillingDeps } from './billing-deps.ts';
import { type MeterCycleResult, resyncOverdueSubscriptions, runMeterCycle } from './report-overage.ts';

/**
 * The schedule of BILLING_METER_INTERVAL_SECONDS as cron (pg-boss schedules by the minute): every
 * minute up to 60 s, every N minutes below an hour, then hourly.
 */
function meterCron(intervalSeconds: number): string {
  const minutes = Math.round(intervalSeconds / 60);
  if (minutes <= 1) return '* * * * *';
  if (minutes < 60) return `*/${minutes} * * * *`;
  return '0 * * * *';
}

/**
 * 'billing.meter': the overage meter (report-overage.ts) as a pg-boss cron job, like Resultados' rollup
 * (modules/results/rollup-job.ts): one run per occurrence across all server processes, kept in the
 * database, and one run sent at start so a restart reports what a dead process left at once (decision
 * 023). Its progress is the billing_meter_reports rows (claimed with SKIP LOCKED, inserted once), so
 * two runs at once do each thing once and a run cut short is finished by the next.
 */
function meterJobType(intervalSeconds: number) {
  return defineJobType({
    id: 'billing.meter',
    payload: z.object({}),
    cron: meterCron(intervalSeconds),
    queue: { retryLimit: 1, expireInSeconds: 15 * 60, deleteAfterSeconds: 3600 },
    batchSize: 1,
  });
}

/**
 * Registers the job (before the job runner starts). Returns the pass on demand (tests, operations):
 * a pass already running in this process is joined, not doubled.
 */
export function registerMeterJob(
  jobs: Jobs,
  deps: BillingDeps,
  intervalSeconds: number,
): { type: JobType; runNow(): Promise<MeterCycleResult> } {
  let running: Promise<MeterCycleResult> | null = null;
  const runNow = () => {
    running ??= (async () => {
      try {
        await resyncOverdueSubscriptions(deps);
        return await runMeterCycle(deps);
      } finally {
        running = null;
      }
    })();
    return running;
  };
  const type = meterJobType(intervalSeconds);
  jobs.register(
    defineJob(type, async (_data, { log }) => {
      const run = await runNow();
      if (run.queued || run.reported || run.failed) log.info(run, 'payments: overage meter pass');
    }),
  );
  return { type, runNow };
}
