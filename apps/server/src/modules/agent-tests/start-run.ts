import {
  AGENT_TEST_EMPTY_MESSAGE,
  AGENT_TEST_RUN_BUSY_MESSAGE,
  type AgentTestRun,
  type AgentTestTrigger,
  agentTestRunCost,
  agentTestRunTooCostlyMessage,
} from '@vendai/contracts';
import { testMessagesLeft } from '../../domain/usage/test-allowance.ts';
import type { Db } from '../../db/client.ts';
import type { Jobs } from '../../jobs/job.ts';
import { AppError } from '../../lib/app-error.ts';
import { ownAgentOrThrow, selectCases } from './cases-repository.ts';
import { agentTestRunJobType } from './run-job.ts';
import { failStaleRuns, insertRun, runDetail } from './runs-repository.ts';

/**
 * Asks for a run of the agent's suite: on the live prompt, and beside it on a draft (the gate before
 * publishing a prompt: a manual save, a coach suggestion, a restored version), refused when the month's
 * test messages left cannot pay for what it may use. The work is a durable job
 * (run-job.ts); the answer is the queued run, whose progress the owner's screens follow live.
 */
export async function startRun(
  deps: { db: Db; jobs: Jobs; model: string },
  input: { accountId: string; agentId: string; trigger: AgentTestTrigger; draftPrompt: string | null },
): Promise<AgentTestRun> {
  const agent = await ownAgentOrThrow(deps.db, input.accountId, input.agentId);
  const cases = await selectCases(deps.db, input.accountId, agent.id);
  if (!cases.length) throw new AppError('VALIDATION', AGENT_TEST_EMPTY_MESSAGE);
  // What the run may use is known before it starts: refused when the month's test messages cannot pay
  // for it, rather than failing half-way (docs/decisions/039-agent-tests.md, "What a run costs").
  const cost = agentTestRunCost(cases, input.draftPrompt === null ? 1 : 2);
  const left = await testMessagesLeft(deps.db, input.accountId);
  if (cost > left) throw new AppError('LIMIT_REACHED', agentTestRunTooCostlyMessage(cost, left));
  await failStaleRuns(deps.db, agent.id);
  const run = await insertRun(
    deps.db,
    {
      userId: input.accountId,
      agentId: agent.id,
      trigger: input.trigger,
      model: deps.model,
      livePrompt: agent.systemPrompt,
      draftPrompt: input.draftPrompt,
    },
    cases,
  );
  if (!run) throw new AppError('CONFLICT', AGENT_TEST_RUN_BUSY_MESSAGE);
  await deps.jobs.send(agentTestRunJobType, { runId: run.id }, { singletonKey: run.id });
  return runDetail(deps.db, input.accountId, agent.id, run.id);
}
