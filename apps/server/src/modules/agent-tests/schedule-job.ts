import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { defineJob, defineJobType, type Jobs } from '../../jobs/job.ts';
import { AppError } from '../../lib/app-error.ts';
import { resumeStalledRuns } from './run-job.ts';
import { markScheduled, selectDueSchedules } from './settings-repository.ts';
import { startRun } from './start-run.ts';

/** The nightly run starts from this hour (Brasília time), once a day. */
const NIGHTLY_FROM_HOUR = 3;
/** Agents looked at per pass. */
const PER_PASS = 100;

/**
 * 'agent-tests.schedule' (every 15 minutes, one job across all processes): runs an agent's suite when
 * the configured model is not the one its last run used (a provider retired a model, the operator
 * switched), and each night for agents whose owner turned the nightly run on. A drop alerts the owner
 * (drop-alert.ts). Agents with a run already active are skipped (the partial unique index refuses them).
 * It also resumes runs whose work stalled (run-job.ts, resumeStalledRuns).
 */
export const agentTestScheduleJobType = defineJobType({
  id: 'agent-tests.schedule',
  payload: z.object({}),
  cron: '*/15 * * * *',
  queue: { retryLimit: 1, expireInSeconds: 10 * 60, deleteAfterSeconds: 3600 },
  batchSize: 1,
});

/** Today in Brasília ('YYYY-MM-DD') and whether the nightly hour has come. */
function nightlyDay(now: Date): string | null {
  const local = new Date(now.getTime() - 3 * 3600_000);
  return local.getUTCHours() >= NIGHTLY_FROM_HOUR ? local.toISOString().slice(0, 10) : null;
}

export async function scheduleRuns(deps: { db: Db; jobs: Jobs; model: string }, now: Date): Promise<number> {
  const today = nightlyDay(now);
  const due = await selectDueSchedules(deps.db, deps.model, today, PER_PASS);
  let started = 0;
  for (const row of due) {
    const trigger = row.model_changed ? 'model_change' : 'nightly';
    // Set first: a run that cannot start (no cases, one active) is not retried every 15 minutes.
    await markScheduled(deps.db, row.agent_id, trigger, today, deps.model);
    try {
      await startRun(deps, { accountId: row.user_id, agentId: row.agent_id, trigger, draftPrompt: null });
      started += 1;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
    }
  }
  return started;
}

export function registerScheduleJob(jobs: Jobs, deps: { db: Db; model: string }): void {
  jobs.register(
    defineJob(agentTestScheduleJobType, async (_data, { log }) => {
      const resumed = await resumeStalledRuns({ db: deps.db, jobs });
      if (resumed) log.warn({ resumed }, 'agent tests: stalled runs resumed');
      const started = await scheduleRuns({ ...deps, jobs }, new Date());
      if (started) log.info({ started }, 'agent tests: scheduled runs started');
    }),
  );
}
