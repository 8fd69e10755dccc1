/**
 * The playground and the prompt coach count in their own monthly allowance per plan
 * (plans.max_test_messages; docs/decisions/021-spend-and-abuse-limits.md): each answer the model gives
 * is counted, /api/usage shows it, past it both answer 403 with a Portuguese message, and concurrent
 * calls never pass it. Runs on PGlite and on PostgreSQL (TEST_DB=postgres).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans } from '../src/db/schema/index.ts';
import { testAllowanceMessage } from '../src/domain/usage/test-allowance.ts';
import { createTestApp, type TestApp, type TestClient } from './helpers/test-app.ts';
import { createAgent, signedIn } from './training-helpers.ts';
import { onTestPlan } from './helpers/test-plan.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PLAYGROUND_RATE_LIMIT_PER_MINUTE: '100' } });
});
afterAll(async () => {
  await t?.close();
});

/** A person on a plan whose test allowance is `max` a month, with a trained agent. */
async function personWithAllowance(max: number): Promise<{ client: TestClient; agentId: string }> {
  const { client, userId } = await signedIn(t);
  const agentId = await createAgent(client, 'Luna');
  await onTestPlan(t.database.db, userId, { maxTestMessages: max });
  return { client, agentId };
}

const playground = (client: TestClient, agentId: string) =>
  client.post('/api/playground/reply', { agent_id: agentId, messages: [{ role: 'user', text: 'Quanto custa?' }] });
const coach = (client: TestClient, agentId: string) =>
  client.post(`/api/agents/${agentId}/prompt-coach`, { instruction: 'Fale sempre o horário de atendimento.' });

describe('playground and prompt-coach allowance', () => {
  it('counts both, shows them on /api/usage, refuses past the allowance with the message', async () => {
    const { client, agentId } = await personWithAllowance(3);
    expect((await client.get('/api/usage')).json()).toMatchObject({ test_messages: 0, max_test_messages: 3 });

    expect((await playground(client, agentId)).statusCode).toBe(200);
    expect((await coach(client, agentId)).statusCode).toBe(200);
    expect((await playground(client, agentId)).statusCode).toBe(200);
    expect((await client.get('/api/usage')).json()).toMatchObject({ test_messages: 3, max_test_messages: 3 });

    const refused = await playground(client, agentId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'LIMIT_REACHED', message: testAllowanceMessage(3) });
    expect(refused.json().error.message).toContain('Você usou as 3 mensagens de teste do seu plano neste mês');
    const coachRefused = await coach(client, agentId);
    expect(coachRefused.statusCode).toBe(403);
    expect(coachRefused.json().error.message).toBe(testAllowanceMessage(3));
    // Refusals are not counted; the AI messages are untouched.
    expect((await client.get('/api/usage')).json()).toMatchObject({ test_messages: 3, ai_messages: 0 });
  });

  it('concurrent calls at the edge never pass the allowance', async () => {
    const { client, agentId } = await personWithAllowance(2);
    const answers = await Promise.all([0, 1, 2, 3, 4].map(() => playground(client, agentId)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 403, 403, 403]);
    expect((await client.get('/api/usage')).json().test_messages).toBe(2);
  });

  it('the seeded plans carry an allowance: free small, paid larger', async () => {
    const rows = await t.database.db.select({ slug: plans.slug, max: plans.maxTestMessages }).from(plans);
    const of = (slug: string) => rows.find((r) => r.slug === slug)!.max;
    expect(of('freemium')).toBe(100);
    expect(of('expansao-ia')).toBeGreaterThan(of('freemium'));
  });
});
