import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { defineJob, defineJobType, type Jobs } from '../../jobs/job.ts';
import { rollupMark, rollUpStep, selectAccountsBehind } from './results-rollup-repository.ts';
import { settledUntil } from './results-rollup.ts';

/** Limits of one run of the job (every minute): bounded work per account and per run. */
export const ROLLUP_RUN_LIMITS = {
  /** Accounts looked at per run, the furthest behind first. */
  accounts: 200,
  /** Hours one step rolls (one transaction holding the account's mark). */
  stepHours: 24,
  /** Steps per account per run: at most 7 days of an account's history per minute. */
  stepsPerAccount: 7,
  /** No new step starts after this long; the next run goes on from the marks. */
  runMs: 40_000,
};

/**
 * 'results.rollup': keeps Resultados' hourly rollup current in the background (pg-boss schedule,
 * every minute, one job per minute across all server processes). Durable: all progress is the marks
 * in results_rollup_marks, so a restart goes on where it stopped. Two processes never roll the same
 * account at once: each step holds the account's mark row (FOR UPDATE SKIP LOCKED — a busy account is
 * skipped, not waited for). Also sent by a request that found a long history not rolled yet.
 */
export const resultsRollupJobType = defineJobType({
  id: 'results.rollup',
  payload: z.object({}),
  cron: '* * * * *',
  queue: { retryLimit: 1, expireInSeconds: 15 * 60, deleteAfterSeconds: 3600 },
  batchSize: 1,
});

/** Registers the job with the app's job runner (before it starts). */
export function registerResultsRollupJob(jobs: Jobs, db: Db): void {
  jobs.register(
    defineJob(resultsRollupJobType, async (_data, { log }) => {
      const run = await rollUpPendingAccounts(db, new Date());
      if (run.steps > 0) log.info(run, 'results rollup: settled hours rolled up');
    }),
  );
}

/** One run: the accounts whose mark is behind the settled hours (or who have none yet), rolled in steps. */
export async function rollUpPendingAccounts(
  db: Db,
  now: Date,
  limits = ROLLUP_RUN_LIMITS,
): Promise<{ accounts: number; steps: number; behind: number }> {
  const until = settledUntil(now);
  const started = Date.now();
  const pending = await selectAccountsBehind(db, until, limits.accounts);
  let steps = 0;
  let behind = 0;
  for (const { id } of pending) {
    if (Date.now() - started > limits.runMs) break;
    let mark: Date | null = await rollupMark(db, id, until);
    for (let i = 0; mark && mark < until && i < limits.stepsPerAccount; i += 1) {
      if (Date.now() - started > limits.runMs) break;
      mark = await rollUpStep(db, id, until, { maxHours: limits.stepHours, wait: false });
      steps += 1;
    }
    // null: another process holds the account's mark right now (it is still being rolled, so behind).
    if (!mark || mark < until) behind += 1;
  }
  return { accounts: pending.length, steps, behind };
}
