import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPlans } from '../src/db/seed.ts';
import { agentes, numbers, plans, usageMonthly, usageTraining } from '../src/db/schema/index.ts';
import { monthStart } from '../src/domain/usage/get-current-usage.ts';
import { createTestApp, newPerson, type TestApp, type TestClient } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function signedInUser(): Promise<{ client: TestClient; userId: string }> {
  const client = t.client();
  const res = await client.register(newPerson());
  expect(res.statusCode).toBe(201);
  return { client, userId: res.json().user.id as string };
}

let phoneSeq = 0;
function newNumber(userId: string) {
  phoneSeq += 1;
  const suffix = `${Date.now()}${phoneSeq}`.slice(-8);
  return { userId, token: `tok-${suffix}`, phone: `55119${suffix}`, instanceName: `vendai-${suffix}-${phoneSeq}` };
}

describe('GET /api/usage', () => {
  it('answers the user_current_usage fields with the free plan limits and zero use for a new account', async () => {
    const { client } = await signedInUser();
    const res = await client.get('/api/usage');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      total_trainnings: 0,
      max_trainnings: 5,
      qtd_agentes: 0,
      max_ai_responses: 1,
      qtd_instancias: 0,
      max_instances: 1,
      ai_messages: 0,
      max_ai_messages: 300,
      test_messages: 0,
      max_test_messages: 100,
      ai_assists: 0,
      max_ai_assists: 30,
      ai_assists_by_kind: { price_list: 0, training_questions: 0, media_requests: 0 },
      media: { transcriptions: 0, transcribed_seconds: 0, descriptions: 0, documents: 0 },
    });
  });

  it('counts agents, numbers, this month’s trainings and AI messages, and only the user’s own', async () => {
    const { client, userId } = await signedInUser();
    const other = await signedInUser();
    const { db } = t.database;

    const [agent] = await db.insert(agentes).values({ userId, apelido: 'Vendedora' }).returning();
    await db.insert(agentes).values({ userId, apelido: 'Suporte' });
    await db.insert(numbers).values(newNumber(userId));
    await db.insert(usageTraining).values([
      { userId, agentId: agent!.id, type: 'TREINAMENTO' },
      { userId, agentId: agent!.id, type: 'TREINADORA DE PROMPT' },
      { userId, type: 'TREINAMENTO' },
    ]);
    // Last month's training does not count against this month.
    const lastMonth = new Date(monthStart().getTime() - 24 * 60 * 60 * 1000);
    await db.insert(usageTraining).values({ userId, type: 'TREINAMENTO', createdAt: lastMonth });
    await db.insert(usageMonthly).values({ userId, month: monthStart().toISOString().slice(0, 10), aiMessages: 42 });
    // Another user's rows never show up.
    await db.insert(agentes).values({ userId: other.userId });
    await db.insert(numbers).values(newNumber(other.userId));
    await db.insert(usageTraining).values({ userId: other.userId, type: 'TREINAMENTO' });

    const res = await client.get('/api/usage');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      // Two trainings this month; the prompt coach's acceptance is recorded but is not a training
      // (docs/decisions/014-prompt-workshop.md), and last month's does not count.
      total_trainnings: 2,
      max_trainnings: 5,
      qtd_agentes: 2,
      max_ai_responses: 1,
      qtd_instancias: 1,
      max_instances: 1,
      ai_messages: 42,
      max_ai_messages: 300,
      test_messages: 0,
      max_test_messages: 100,
      ai_assists: 0,
      max_ai_assists: 30,
      ai_assists_by_kind: { price_list: 0, training_questions: 0, media_requests: 0 },
      media: { transcriptions: 0, transcribed_seconds: 0, descriptions: 0, documents: 0 },
    });

    const mine = (await other.client.get('/api/usage')).json();
    expect(mine).toMatchObject({ total_trainnings: 1, qtd_agentes: 1, qtd_instancias: 1, ai_messages: 0 });

    // Counts follow the rows: removing the number shows at once.
    await db.delete(numbers).where(eq(numbers.userId, userId));
    expect((await client.get('/api/usage')).json().qtd_instancias).toBe(0);
  });
});

describe('plans', () => {
  it('seeding again (twice) leaves exactly the four plans, with their ids kept', async () => {
    const { db } = t.database;
    const before = await db.select().from(plans).orderBy(asc(plans.sortOrder));
    await seedPlans(db);
    await seedPlans(db);
    const after = await db.select().from(plans).orderBy(asc(plans.sortOrder));

    expect(after.map((p) => p.slug)).toEqual(['freemium', 'expansao-ia', 'consciencia-vendai', 'sem-limites']);
    expect(after.map((p) => p.id)).toEqual(before.map((p) => p.id));
    expect(after.find((p) => p.slug === 'freemium')).toMatchObject({
      name: 'Gratuito',
      priceCents: 0,
      maxAiMessages: 300,
    });
  });

  it('GET /api/plans lists the four active plans in order without internal fields', async () => {
    const res = await t.client().get('/api/plans');
    expect(res.statusCode).toBe(200);
    const list = res.json() as Record<string, unknown>[];
    expect(list.map((p) => p.slug)).toEqual(['freemium', 'expansao-ia', 'consciencia-vendai', 'sem-limites']);
    expect(list[0]).not.toHaveProperty('stripePriceId');
    expect(list.find((p) => p.slug === 'sem-limites')?.priceCents).toBeNull();
  });
});
