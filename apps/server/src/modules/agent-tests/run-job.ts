import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import { selectAgent } from '../../domain/agents/agents-repository.ts';
import { defineJob, defineJobType, type Jobs } from '../../jobs/job.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AgentTestsDeps } from './agent-tests-deps.ts';
import { alertOnDrop } from './drop-alert.ts';
import { runCase } from './run-case.ts';
import {
  claimNextResult,
  failPendingResults,
  finishRun,
  markRunning,
  runSummary,
  saveResult,
  stalledRunIds,
} from './runs-repository.ts';
import { rememberModel } from './settings-repository.ts';

/**
 * 'agent-tests.run' (docs/decisions/039-agent-tests.md): works through a run's pending results one case
 * and arm at a time, each through the production reply path (nothing is sent to WhatsApp), saving each
 * result as it is done and telling the owner's screens (realtime). Durable: all progress is in the
 * results' rows, so a retried job (after a restart or a kill) goes on where the last one stopped, and two
 * processes never compute the same result (claimNextResult). A job whose process was killed stays active in
 * pg-boss until it expires: resumeStalledRuns sends a stalled run's job again before that (on a worker's
 * start and in the 15-minute schedule job). A second job on a run that is still worked is harmless: it
 * finds nothing to claim, or shares the rest.
 */
export const agentTestRunJobType = defineJobType({
  id: 'agent-tests.run',
  payload: z.object({ runId: z.guid() }),
  queue: {
    retryLimit: 5,
    retryDelay: 2,
    retryBackoff: true,
    // A longer run goes on: the retry and this one share the work row by row.
    expireInSeconds: 10 * 60,
    deleteAfterSeconds: 24 * 3600,
  },
  batchSize: 1,
  localConcurrency: 2,
});

async function publish(deps: AgentTestsDeps, run: NonNullable<Awaited<ReturnType<typeof markRunning>>>) {
  await deps.realtime.publish(run.userId, { event: 'agent-tests.run.updated', data: await runSummary(deps.db, run) });
}

/** One result: the case on its arm's prompt. A failure of the AI marks the result, not the run. */
async function computeOne(
  deps: AgentTestsDeps,
  run: { userId: string; agentId: string; livePrompt: string; draftPrompt: string | null },
  result: NonNullable<Awaited<ReturnType<typeof claimNextResult>>>,
): Promise<'ok' | { stop: string }> {
  const agent = await selectAgent(deps.db, run.userId, run.agentId);
  if (!agent) return { stop: 'O agente foi excluído.' };
  const systemPrompt = result.arm === 'draft' ? (run.draftPrompt ?? agent.systemPrompt) : run.livePrompt;
  try {
    const out = await runCase(deps, {
      accountId: run.userId,
      agent: { id: agent.id, respostas: agent.respostas, systemPrompt },
      turns: result.turns,
      expectation: result.expectation,
    });
    await saveResult(deps.db, result.id, {
      status: out.passed ? 'passed' : 'failed',
      attempts: out.attempts,
      passes: out.passes,
      runs: out.runs,
      error: null,
    });
    return 'ok';
  } catch (err) {
    const message = err instanceof AppError ? err.message : 'Falha inesperada ao rodar o teste.';
    await saveResult(deps.db, result.id, { status: 'error', attempts: [], passes: 0, runs: 0, error: message });
    // Past the plan's allowance nothing more can run this month.
    return err instanceof AppError && err.code === 'LIMIT_REACHED' ? { stop: message } : 'ok';
  }
}

export async function workRun(deps: AgentTestsDeps, runId: string, log: FastifyBaseLogger): Promise<void> {
  const run = await markRunning(deps.db, runId);
  if (!run || run.status === 'done' || run.status === 'failed') return;
  await publish(deps, run);
  let stop: string | null = null;
  for (let result = await claimNextResult(deps.db, runId); result; result = await claimNextResult(deps.db, runId)) {
    const outcome = await computeOne(deps, run, result);
    await publish(deps, run);
    if (outcome !== 'ok') {
      stop = outcome.stop;
      await failPendingResults(deps.db, runId, stop);
      break;
    }
  }
  const finished = await finishRun(deps.db, runId, stop);
  if (!finished) return;
  log.info({ runId, agentId: run.agentId, trigger: run.trigger }, 'agent tests: run finished');
  if (!stop) {
    await rememberModel(deps.db, finished);
    await alertOnDrop(deps, finished);
  }
  await publish(deps, finished);
}

export function agentTestRunJob(deps: AgentTestsDeps) {
  return defineJob(agentTestRunJobType, async ({ runId }, { log }) => workRun(deps, runId, log));
}

/** Sends again the job of every run whose work stalled (stalledRunIds); the number sent. */
export async function resumeStalledRuns(deps: { db: Db; jobs: Jobs }): Promise<number> {
  const ids = await stalledRunIds(deps.db);
  for (const runId of ids) await deps.jobs.send(agentTestRunJobType, { runId }, { singletonKey: runId });
  return ids.length;
}
