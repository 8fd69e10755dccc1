import {
  AGENT_TEST_RUN_NOT_FOUND_MESSAGE,
  type AgentTestResult,
  type AgentTestRun,
  type AgentTestRunSummary,
  type AgentTestTrigger,
} from '@vendai/contracts';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agentTestResults, agentTestRuns } from '../../db/schema/index.ts';
import { pgErrorCode } from '../../db/pg-error.ts';
import { resultRows } from '../../db/rows.ts';
import { AppError } from '../../lib/app-error.ts';
import { compareArms } from './compare-arms.ts';

type RunRow = typeof agentTestRuns.$inferSelect;
type ResultRow = typeof agentTestResults.$inferSelect;
type CaseRow = {
  id: string;
  title: string;
  kind: ResultRow['kind'];
  turns: string[];
  expectation: ResultRow['expectation'];
};

/** A claimed result is taken again after this long (its worker died mid-case). */
const CLAIM_LEASE = sql`interval '5 minutes'`;
const FINISHED = ['passed', 'failed', 'error'] as const;

export interface NewRun {
  userId: string;
  agentId: string;
  trigger: AgentTestTrigger;
  model: string;
  livePrompt: string;
  draftPrompt: string | null;
}

/**
 * The run and one pending result per case and arm, in one transaction. At most one run per agent is
 * queued or running (a partial unique index): a second one is refused (null).
 */
export async function insertRun(db: Db, run: NewRun, cases: CaseRow[]): Promise<RunRow | null> {
  try {
    return await db.transaction(async (trx) => {
      const tx = trx as unknown as Db;
      const [row] = await tx
        .insert(agentTestRuns)
        .values({ ...run, cases: cases.length })
        .returning();
      const arms = run.draftPrompt === null ? (['live'] as const) : (['live', 'draft'] as const);
      await tx.insert(agentTestResults).values(
        cases.flatMap((c, i) =>
          arms.map((arm) => ({
            runId: row!.id,
            caseId: c.id,
            title: c.title,
            kind: c.kind,
            turns: c.turns,
            expectation: c.expectation,
            arm,
            position: i,
          })),
        ),
      );
      return row!;
    });
  } catch (err) {
    if (pgErrorCode(err) === '23505') return null;
    throw err;
  }
}

/** Runs stuck as active for longer than any run takes (their job gave up) no longer block a new one. */
export async function failStaleRuns(db: Db, agentId: string): Promise<void> {
  await db.execute(sql`
    update agent_test_runs set status = 'failed', error = 'A execução parou no meio.', finished_at = now()
    where agent_id = ${agentId} and status in ('queued', 'running') and created_at < now() - interval '2 hours'`);
}

/**
 * Active runs whose work stalled: none of their results was claimed within the lease (a working process
 * claims the next one as soon as it saves one), so the process working them died (a kill -9 leaves its
 * job active in pg-boss until it expires). One statement, the same on PGlite and PostgreSQL.
 */
export async function stalledRunIds(db: Db, limit = 100): Promise<string[]> {
  const rows = resultRows<{ id: string }>(
    await db.execute(sql`
      select r.id from agent_test_runs r
      where r.status in ('queued', 'running')
        and coalesce((select max(x.claimed_at) from agent_test_results x where x.run_id = r.id), r.created_at)
          < now() - ${CLAIM_LEASE}
      order by r.created_at limit ${limit}`),
  );
  return rows.map((r) => r.id);
}

/**
 * Takes the run's next result to compute: pending, or claimed by a worker whose lease ran out. Several
 * processes can work one run: a row is taken by one only (FOR UPDATE SKIP LOCKED).
 */
export async function claimNextResult(db: Db, runId: string): Promise<ResultRow | null> {
  const rows = resultRows<{ id: string }>(
    await db.execute(sql`
      update agent_test_results set status = 'running', claimed_at = now()
      where id = (
        select id from agent_test_results
        where run_id = ${runId} and (status = 'pending' or (status = 'running' and claimed_at < now() - ${CLAIM_LEASE}))
        order by position, arm limit 1 for update skip locked)
      returning id`),
  );
  if (!rows[0]) return null;
  const [row] = await db.select().from(agentTestResults).where(eq(agentTestResults.id, rows[0].id));
  return row ?? null;
}

export async function saveResult(
  db: Db,
  id: string,
  r: Pick<ResultRow, 'status' | 'attempts' | 'passes' | 'runs' | 'error'>,
): Promise<void> {
  await db.update(agentTestResults).set(r).where(eq(agentTestResults.id, id));
}

/** Every result still to compute ends with `error` (the allowance ran out, the agent is gone). */
export async function failPendingResults(db: Db, runId: string, error: string): Promise<void> {
  await db
    .update(agentTestResults)
    .set({ status: 'error', error })
    .where(and(eq(agentTestResults.runId, runId), inArray(agentTestResults.status, ['pending', 'running'])));
}

export async function markRunning(db: Db, runId: string): Promise<RunRow | null> {
  await db
    .update(agentTestRuns)
    .set({ status: 'running' })
    .where(and(eq(agentTestRuns.id, runId), eq(agentTestRuns.status, 'queued')));
  const [row] = await db.select().from(agentTestRuns).where(eq(agentTestRuns.id, runId));
  return row ?? null;
}

/** Closes the run once nothing is left to compute (one process does it); null when not (yet). */
export async function finishRun(db: Db, runId: string, error: string | null): Promise<RunRow | null> {
  const rows = resultRows<{ id: string }>(
    await db.execute(sql`
      update agent_test_runs set status = ${error ? 'failed' : 'done'}, error = ${error}, finished_at = now()
      where id = ${runId} and status in ('queued', 'running') and not exists (
        select 1 from agent_test_results where run_id = ${runId} and status in ('pending', 'running'))
      returning id`),
  );
  if (!rows[0]) return null;
  const [row] = await db.select().from(agentTestRuns).where(eq(agentTestRuns.id, runId));
  return row ?? null;
}

export async function setDropFrom(db: Db, runId: string, dropFrom: number): Promise<void> {
  await db.update(agentTestRuns).set({ dropFrom }).where(eq(agentTestRuns.id, runId));
}

const toResultDto = (r: ResultRow): AgentTestResult => ({
  caseId: r.caseId,
  title: r.title,
  kind: r.kind,
  arm: r.arm,
  status: r.status,
  attempts: r.attempts,
  passes: r.passes,
  runs: r.runs,
  error: r.error,
});

async function resultsOf(db: Db, runId: string): Promise<ResultRow[]> {
  return db
    .select()
    .from(agentTestResults)
    .where(eq(agentTestResults.runId, runId))
    .orderBy(asc(agentTestResults.position), asc(agentTestResults.arm));
}

function summaryOf(run: RunRow, results: ResultRow[]): AgentTestRunSummary {
  const passed = (arm: 'live' | 'draft') => results.filter((r) => r.arm === arm && r.status === 'passed').length;
  return {
    id: run.id,
    agentId: run.agentId,
    trigger: run.trigger,
    status: run.status,
    model: run.model,
    hasDraft: run.draftPrompt !== null,
    total: results.length,
    done: results.filter((r) => (FINISHED as readonly string[]).includes(r.status)).length,
    cases: run.cases,
    passedLive: passed('live'),
    passedDraft: run.draftPrompt === null ? null : passed('draft'),
    dropFrom: run.dropFrom,
    error: run.error,
    createdAt: run.createdAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
  };
}

export async function runSummary(db: Db, run: RunRow): Promise<AgentTestRunSummary> {
  return summaryOf(run, await resultsOf(db, run.id));
}

export async function runDetail(db: Db, accountId: string, agentId: string, runId: string): Promise<AgentTestRun> {
  const [run] = await db
    .select()
    .from(agentTestRuns)
    .where(and(eq(agentTestRuns.id, runId), eq(agentTestRuns.agentId, agentId), eq(agentTestRuns.userId, accountId)));
  if (!run) throw new AppError('NOT_FOUND', AGENT_TEST_RUN_NOT_FOUND_MESSAGE);
  const results = await resultsOf(db, run.id);
  const dtos = results.map(toResultDto);
  return { ...summaryOf(run, results), results: dtos, ...compareArms(dtos) };
}

/** The agent's newest runs (newest first); `finished` only the done ones. */
export async function latestRuns(
  db: Db,
  accountId: string,
  agentId: string,
  limit: number,
  finished = false,
): Promise<RunRow[]> {
  return db
    .select()
    .from(agentTestRuns)
    .where(
      and(
        eq(agentTestRuns.agentId, agentId),
        eq(agentTestRuns.userId, accountId),
        ...(finished ? [eq(agentTestRuns.status, 'done')] : []),
      ),
    )
    .orderBy(desc(agentTestRuns.createdAt), desc(agentTestRuns.id))
    .limit(limit);
}
