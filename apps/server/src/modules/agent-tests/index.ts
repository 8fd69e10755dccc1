import type { FastifyInstance } from 'fastify';
import type { Jobs } from '../../jobs/job.ts';
import { appModule } from '../../plugins/app-module.ts';
import { agentTestsRoutes } from './agent-tests-routes.ts';
import { agentTestRunJob, resumeStalledRuns } from './run-job.ts';
import { registerScheduleJob } from './schedule-job.ts';
import { createJudgeLlm, modelUnderTest } from './test-models.ts';

/** Mounted by app.ts at /api/agent-tests. */
export const agentTestsModule = appModule('/api/agent-tests', agentTestsRoutes);

/** The runs' job and the scheduled runs (docs/decisions/039-agent-tests.md); before the job runner starts. */
export function registerAgentTestJobs(app: FastifyInstance, jobs: Jobs): void {
  const { db, llm, env, realtime, mailer } = app.deps;
  const model = modelUnderTest(env);
  jobs.register(agentTestRunJob({ db, llm, judge: createJudgeLlm(env, llm), realtime, mailer, model }));
  registerScheduleJob(jobs, { db, model });
}

/** On a worker's start (after the job runner started): runs a killed process left stalled go on. */
export async function resumeAgentTestRuns(app: FastifyInstance, jobs: Jobs): Promise<void> {
  const resumed = await resumeStalledRuns({ db: app.deps.db, jobs });
  if (resumed) app.log.warn({ resumed }, 'agent tests: stalled runs resumed');
}
