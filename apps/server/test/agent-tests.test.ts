/**
 * 'Testes do assistente' with the offline demo AI (docs/decisions/039-agent-tests.md): the proposed set
 * from the training answers and the catalogue, a run through the production reply path as a durable job
 * (its deterministic judge included), the plan's test allowance, the limits, another account's data, and
 * the scheduled run after a model change. Runs on PGlite and on PostgreSQL.
 */
import {
  AGENT_TEST_KINDS,
  AGENT_TEST_RUN_BUSY_MESSAGE,
  type AgentTestRun,
  agentTestRunTooCostlyMessage,
} from '@vendai/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentTestResults, agentTestRuns, agentTestSettings } from '../src/db/schema/index.ts';
import { selectCases } from '../src/modules/agent-tests/cases-repository.ts';
import { resumeStalledRuns } from '../src/modules/agent-tests/run-job.ts';
import { insertRun, stalledRunIds } from '../src/modules/agent-tests/runs-repository.ts';
import { scheduleRuns } from '../src/modules/agent-tests/schedule-job.ts';
import { waitFor } from './helpers/engine-harness.ts';
import { createTestApp, type TestApp, type TestClient } from './helpers/test-app.ts';
import { createAgent, signedIn } from './training-helpers.ts';
import { onTestPlan } from './helpers/test-plan.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      AGENT_TESTS_RATE_LIMIT_PER_MINUTE: '3',
      JOBS_POLL_SECONDS: '1',
      LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent',
    },
  });
});
afterAll(async () => {
  await t?.close();
});

const base = (agentId: string) => `/api/agent-tests/${agentId}`;

async function shop(): Promise<{ client: TestClient; userId: string; agentId: string }> {
  const { client, userId } = await signedIn(t);
  const agentId = await createAgent(client, 'Luna');
  return { client, userId, agentId };
}

async function finished(client: TestClient, agentId: string, runId: string): Promise<AgentTestRun> {
  let run: AgentTestRun | undefined;
  await waitFor(
    async () => {
      run = (await client.get(`${base(agentId)}/runs/${runId}`)).json();
      return run!.status === 'done' || run!.status === 'failed';
    },
    'the run to finish',
    60_000,
  );
  return run!;
}

const oneCase = (turns: string[], expectation: object = {}) => ({ title: 'Caso', kind: 'outro', turns, expectation });

describe('the proposed test set', () => {
  it('proposes 15–25 typical customer messages from the training answers and the catalogue, once', async () => {
    const { client, agentId } = await shop();
    await client.post('/api/catalogue', { name: 'Bolo decorado', priceCents: 18000 });
    expect((await client.get(`${base(agentId)}/cases`)).json()).toEqual([]);
    const res = await client.post(`${base(agentId)}/cases/generate`);
    expect(res.statusCode).toBe(200);
    const cases = res.json() as { kind: string; turns: string[]; expectation: Record<string, unknown> }[];
    expect(cases.length).toBeGreaterThanOrEqual(15);
    expect(cases.length).toBeLessThanOrEqual(25);
    const kinds = new Set(cases.map((c) => c.kind));
    for (const kind of [
      'preco',
      'pagamento',
      'entrega',
      'horario',
      'desconto',
      'objecao',
      'fora_do_escopo',
      'humano',
      'irritado',
      'sair',
    ])
      expect(kinds).toContain(kind);
    expect(cases.every((c) => (AGENT_TEST_KINDS as readonly string[]).includes(c.kind))).toBe(true);
    // From the owner's own words: the training answers mention Pix, the catalogue the cake's price.
    expect(cases.find((c) => c.turns[0] === 'Vocês aceitam Pix?')!.expectation.mustContain).toEqual(['pix']);
    expect(cases.find((c) => c.turns[0] === 'Quanto custa Bolo decorado?')!.expectation.mustContain).toEqual(['180']);
    expect(cases.find((c) => c.kind === 'humano')!.expectation.handoff).toBe(true);
    expect(cases.some((c) => c.turns.length > 1)).toBe(true);
    // Asking again adds nothing already there.
    expect((await client.post(`${base(agentId)}/cases/generate`)).json()).toHaveLength(cases.length);
  });

  it('the owner adds, edits and deletes a case; bad input is a Portuguese 400, another account’s a 404', async () => {
    const { client, agentId } = await shop();
    const created = await client.post(`${base(agentId)}/cases`, oneCase(['Oi'], { mustContain: ['olá'] }));
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    expect(created.json()).toMatchObject({ source: 'dono', expectation: { mustContain: ['olá'], rubric: null } });
    const edited = await client.request({
      method: 'PUT',
      url: `${base(agentId)}/cases/${id}`,
      payload: oneCase(['Oi!', 'Tudo bem?']),
    });
    expect(edited.json().turns).toEqual(['Oi!', 'Tudo bem?']);
    const bad = await client.post(`${base(agentId)}/cases`, oneCase([]));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('Escreva a mensagem do cliente.');

    const other = await shop();
    expect((await other.client.get(`${base(agentId)}/cases`)).statusCode).toBe(404);
    expect((await other.client.post(`${base(agentId)}/runs`, {})).statusCode).toBe(404);
    expect(
      (await other.client.request({ method: 'DELETE', url: `${base(other.agentId)}/cases/${id}` })).statusCode,
    ).toBe(404);
    expect((await client.request({ method: 'DELETE', url: `${base(agentId)}/cases/${id}` })).statusCode).toBe(204);
    // No cases: nothing to run.
    const empty = await client.post(`${base(agentId)}/runs`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toContain('ainda não tem testes');
  });
});

describe('a run with the demo AI', () => {
  it('runs every case through the reply path as a job, judges 3× offline, and counts in the test allowance', async () => {
    const { client, agentId } = await shop();
    await client.post('/api/catalogue', { name: 'Bolo decorado', priceCents: 18000 });
    const cases = (await client.post(`${base(agentId)}/cases/generate`)).json() as {
      expectation: { rubric: string | null };
    }[];
    const started = await client.post(`${base(agentId)}/runs`, {});
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({ status: 'queued', trigger: 'manual', model: 'demo', hasDraft: false });
    const run = await finished(client, agentId, started.json().id);
    expect(run.status).toBe('done');
    expect(run.done).toBe(run.total);
    expect(run.total).toBe(cases.length);
    expect(run.passedDraft).toBeNull();
    expect(run.passedLive).toBe(run.results.filter((r) => r.status === 'passed').length);
    expect(run.passedLive).toBeGreaterThan(cases.length / 2);
    const judged = run.results.filter((r) => r.attempts.some((a) => a.checks.some((c) => c.kind === 'juiz')));
    expect(judged.length).toBe(cases.filter((c) => c.expectation.rubric).length);
    expect(judged.every((r) => r.runs === 3 && r.attempts.length === 3)).toBe(true);
    // 'Quero falar com alguém': the keyword handoff (no AI call), flagged as such.
    const person = run.results.find((r) => r.kind === 'humano' && r.title === 'Quer falar com alguém')!;
    expect(person).toMatchObject({ status: 'passed' });
    expect(person.attempts[0]!.flags.handoff).toBe(true);
    // 'sair' stops the AI, as on WhatsApp.
    const leave = run.results.find((r) => r.kind === 'sair')!;
    expect(leave.status).toBe('passed');
    expect(leave.attempts[0]!.flags.silent).toBe(true);
    // The overview (Resultados): the pass rate and the date of the last run.
    const overview = (await client.get('/api/agent-tests/overview')).json();
    expect(overview[0]).toMatchObject({
      agentId,
      cases: cases.length,
      lastRun: { id: run.id, passedLive: run.passedLive },
    });
    expect(overview[0].lastRun.finishedAt).toBeTruthy();
  });

  it('counts every model call in the plan’s test allowance: replies and the judge’s, not the keyword handoff', async () => {
    const { client, agentId } = await shop();
    await client.post(`${base(agentId)}/cases`, oneCase(['Vocês entregam?']));
    await client.post(`${base(agentId)}/cases`, oneCase(['Achei caro.'], { rubric: 'Faz a venda andar.' }));
    await client.post(`${base(agentId)}/cases`, oneCase(['Quero falar com alguém'], { handoff: true }));
    await client.post(`${base(agentId)}/cases`, oneCase(['Oi', 'Quanto custa?'], {}));
    const run = await finished(client, agentId, (await client.post(`${base(agentId)}/runs`, {})).json().id);
    expect(run.results.map((r) => [r.status, r.passes, r.runs])).toEqual([
      ['passed', 1, 1],
      ['passed', 3, 3],
      ['passed', 1, 1],
      ['passed', 1, 1],
    ]);
    expect(run.results[3]!.attempts[0]!.replies).toHaveLength(2);
    // 1 reply + 3 × (reply + judge) + 0 (keyword handoff) + 2 replies.
    expect((await client.get('/api/usage')).json().test_messages).toBe(1 + 6 + 0 + 2);
  });

  it('a run the month’s test messages cannot pay for is refused before it starts, in Portuguese', async () => {
    const { client, userId, agentId } = await shop();
    await onTestPlan(t.database.db, userId, { maxTestMessages: 2 });
    const ids: string[] = [];
    for (const text of ['Oi', 'Vocês entregam?', 'Qual o horário?'])
      ids.push((await client.post(`${base(agentId)}/cases`, { ...oneCase([text]), title: text })).json().id);
    const refused = await client.post(`${base(agentId)}/runs`, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'LIMIT_REACHED', message: agentTestRunTooCostlyMessage(3, 2) });
    expect((await client.get('/api/usage')).json().test_messages).toBe(0);

    // Two cases fit: the run goes and uses exactly what was said.
    await client.request({ method: 'DELETE', url: `${base(agentId)}/cases/${ids[2]}` });
    const run = await finished(client, agentId, (await client.post(`${base(agentId)}/runs`, {})).json().id);
    expect(run.results.map((r) => r.status)).toEqual(['passed', 'passed']);
    expect((await client.get('/api/usage')).json().test_messages).toBe(2);
    const more = await client.post(`${base(agentId)}/runs`, {});
    expect(more.statusCode).toBe(403);
    expect(more.json().error.message).toBe(agentTestRunTooCostlyMessage(2, 0));
  });

  it('runs one at a time per agent, and rate-limits asking for runs', async () => {
    const { client, userId, agentId } = await shop();
    await client.post(`${base(agentId)}/cases`, oneCase(['Oi']));
    // Another process is running this agent's suite.
    const [busy] = await t.database.db
      .insert(agentTestRuns)
      .values({ userId, agentId, trigger: 'manual', status: 'running', model: 'demo', livePrompt: 'x', cases: 1 })
      .returning();
    const refused = await client.post(`${base(agentId)}/runs`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(AGENT_TEST_RUN_BUSY_MESSAGE);
    await t.database.db.delete(agentTestRuns).where(eq(agentTestRuns.id, busy!.id));
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) codes.push((await client.post(`${base(agentId)}/runs`, {})).statusCode);
    expect(codes.at(-1)).toBe(429);
  });
});

describe('scheduled runs', () => {
  it('runs the suite when the configured model changed, and keeps the nightly setting', async () => {
    const { client, agentId } = await shop();
    await client.post(`${base(agentId)}/cases`, oneCase(['Oi, tudo bem?']));
    const first = await client.post(`${base(agentId)}/runs`, {});
    await finished(client, agentId, first.json().id);
    const [settings] = await t.database.db
      .select()
      .from(agentTestSettings)
      .where(eq(agentTestSettings.agentId, agentId));
    expect(settings!.lastModel).toBe('demo');
    expect(
      (await client.request({ method: 'PUT', url: `${base(agentId)}/settings`, payload: { nightly: true } })).json(),
    ).toEqual({ nightly: true });

    // The operator switched models: the next pass runs the suite against it (once).
    const deps = { db: t.database.db, jobs: t.app.deps.jobs, model: 'modelo-novo' };
    const started = await scheduleRuns(deps, new Date('2026-03-10T12:00:00Z'));
    expect(started).toBeGreaterThanOrEqual(1);
    const latest = (await client.get(`${base(agentId)}/runs/latest`)).json() as AgentTestRun;
    expect(latest).toMatchObject({ trigger: 'model_change', model: 'modelo-novo' });
    await finished(client, agentId, latest.id);
    const rows = await t.database.db.execute(
      sql`select count(*)::int as n from agent_test_runs where agent_id = ${agentId}`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(2);
  });
});

describe('a run whose process was killed', () => {
  // A run written as startRun does, but with no job: as after a kill -9 its job stays active in pg-boss.
  async function orphanRun(turns: string[][]) {
    const { client, userId, agentId } = await shop();
    for (const turn of turns) await client.post(`${base(agentId)}/cases`, oneCase(turn));
    const db = t.database.db;
    const cases = await selectCases(db, userId, agentId);
    const run = await insertRun(
      db,
      { userId, agentId, trigger: 'manual', model: 'demo', livePrompt: 'Você é a Luna.', draftPrompt: null },
      cases,
    );
    await db.update(agentTestRuns).set({ status: 'running' }).where(eq(agentTestRuns.id, run!.id));
    return { client, agentId, runId: run!.id };
  }
  const rowsOf = async (runId: string) =>
    t.database.db.select().from(agentTestResults).where(eq(agentTestResults.runId, runId));

  it('is resumed when no result was claimed within the lease, each case computed exactly once', async () => {
    const { client, agentId, runId } = await orphanRun([['Oi'], ['Vocês entregam?'], ['Qual o horário?']]);
    const db = t.database.db;
    const [first, second] = (await rowsOf(runId)).sort((a, b) => a.position - b.position);
    // The dead worker finished the first case and was mid-way through the second, 10 minutes ago.
    await db.execute(sql`update agent_test_runs set created_at = now() - interval '20 minutes' where id = ${runId}`);
    await db.execute(sql`update agent_test_results set status = 'passed', passes = 1, runs = 7,
      claimed_at = now() - interval '12 minutes' where id = ${first!.id}`);
    await db.execute(sql`update agent_test_results set status = 'running',
      claimed_at = now() - interval '10 minutes' where id = ${second!.id}`);
    expect(await stalledRunIds(db)).toContain(runId);
    expect(await resumeStalledRuns({ db, jobs: t.app.deps.jobs })).toBeGreaterThanOrEqual(1);
    const run = await finished(client, agentId, runId);
    expect(run.status).toBe('done');
    const rows = await rowsOf(runId);
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r) => r.caseId)).size).toBe(3);
    expect(rows.every((r) => ['passed', 'failed'].includes(r.status))).toBe(true);
    // The finished result is not computed again (its marker stays); the others were computed once each.
    expect(rows.find((r) => r.id === first!.id)!.runs).toBe(7);
    expect(rows.filter((r) => r.id !== first!.id).every((r) => r.runs === 1)).toBe(true);
    expect(await stalledRunIds(db)).not.toContain(runId);
  });

  it('a run whose worker claimed a result within the lease is left alone', async () => {
    const { runId } = await orphanRun([['Oi'], ['Vocês entregam?']]);
    const db = t.database.db;
    const [first] = (await rowsOf(runId)).sort((a, b) => a.position - b.position);
    await db.execute(sql`update agent_test_runs set created_at = now() - interval '20 minutes' where id = ${runId}`);
    await db.execute(sql`update agent_test_results set status = 'running',
      claimed_at = now() - interval '1 minute' where id = ${first!.id}`);
    expect(await stalledRunIds(db)).not.toContain(runId);
    await resumeStalledRuns({ db, jobs: t.app.deps.jobs });
    const rows = await rowsOf(runId);
    expect(rows.map((r) => r.status).sort()).toEqual(['pending', 'running']);
    const [row] = await db.select().from(agentTestRuns).where(eq(agentTestRuns.id, runId));
    expect(row!.status).toBe('running');
  });
});
