import type { AgentTestResult, AgentTestRun } from '@vendai/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { selectAgent, selectAgentSummaries } from '../../domain/agents/agents-repository.ts';
import type { Jobs } from '../../jobs/job.ts';
import type { AgentTestsDeps } from './agent-tests-deps.ts';
import { selectCases } from './cases-repository.ts';
import { workRun } from './run-job.ts';
import { runDetail } from './runs-repository.ts';
import { selectAccountIdByEmail } from './settings-repository.ts';
import { startRun } from './start-run.ts';

/** A mistake in what the operator asked for (exit code 2 of `npm run agent:test`). */
export class UsageError extends Error {}

/** The agents whose suites the operator asked for: one of the account's, or all of them. */
export async function agentsToTest(db: Db, email: string, agentId?: string) {
  const accountId = await selectAccountIdByEmail(db, email);
  if (!accountId) throw new UsageError(`Nenhuma conta com o e-mail ${email}.`);
  const ids = agentId ? [agentId] : (await selectAgentSummaries(db, accountId)).map((a) => a.id);
  if (!ids.length) throw new UsageError(`A conta ${email} não tem agentes.`);
  const agents = [];
  for (const id of ids) {
    const agent = await selectAgent(db, accountId, id).catch(() => undefined);
    if (!agent) throw new UsageError(`O agente ${id} não existe na conta ${email}.`);
    if (!(await selectCases(db, accountId, agent.id)).length)
      throw new UsageError(
        `O agente ${agent.apelido ?? agent.id} (${agent.id}) não tem testes: gere a sugestão de testes no app.`,
      );
    agents.push({ userId: accountId, id: agent.id, name: agent.apelido ?? 'sem apelido' });
  }
  return agents;
}

/**
 * One agent's suite through the app's own run code (start-run.ts, then the run's job, run-job.ts, worked
 * here; a worker process of the app may take some of its results too): waits for the finished run.
 */
export async function runSuite(
  deps: AgentTestsDeps & { jobs: Jobs; log: FastifyBaseLogger },
  agent: { userId: string; id: string },
): Promise<AgentTestRun> {
  const queued = await startRun(deps, {
    accountId: agent.userId,
    agentId: agent.id,
    trigger: 'manual',
    draftPrompt: null,
  });
  await workRun(deps, queued.id, deps.log);
  for (;;) {
    const run = await runDetail(deps.db, agent.userId, agent.id, queued.id);
    if (run.status === 'done' || run.status === 'failed') return run;
    await new Promise((r) => setTimeout(r, 500)); // another process is finishing a result of this run
  }
}

function checkKinds(r: AgentTestResult): string {
  const kinds = new Set(r.attempts.flatMap((a) => a.checks.map((c) => c.kind)));
  return [...kinds].join('+') || '-';
}

function failedChecks(r: AgentTestResult): string {
  if (r.error) return r.error;
  const labels = new Set(r.attempts.flatMap((a) => a.checks.filter((c) => !c.passed).map((c) => c.label)));
  return [...labels].join('; ') || '-';
}

/** The run as a text table (case, kind of checks, result, judge's x/3, failed checks) and a summary line. */
export function formatRun(agentName: string, run: AgentTestRun): string {
  const rows = run.results.map((r) => [
    r.title,
    checkKinds(r),
    r.status === 'passed' ? 'passou' : r.status === 'failed' ? 'falhou' : 'erro',
    r.runs > 1 ? `${r.passes}/${r.runs}` : '-',
    failedChecks(r),
  ]);
  const head = ['Caso', 'Verificações', 'Resultado', 'Juiz', 'Falhas'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join(' | ')
      .trimEnd();
  const passed = run.results.filter((r) => r.status === 'passed').length;
  return [
    `Agente ${agentName} (modelo ${run.model}):`,
    line(head),
    widths.map((w) => '-'.repeat(w)).join('-+-'),
    ...rows.map(line),
    `${passed}/${run.results.length} casos passaram${run.error ? ` (${run.error})` : ''}.`,
  ].join('\n');
}

export const allPassed = (run: AgentTestRun) =>
  run.status === 'done' && run.results.every((r) => r.status === 'passed');
