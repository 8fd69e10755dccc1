import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_IN_USE_MESSAGE, AGENT_NOT_FOUND_MESSAGE, NO_AGENT_MESSAGE } from '@vendai/contracts';
import { agentes, numbers, usageTraining } from '../src/db/schema/index.ts';
import { assertWithinLimit } from '../src/domain/usage/assert-within-limit.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { createAgent, del, patch, signedIn as signInNew } from './training-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const signedIn = () => signInNew(t);

let seq = 0;
async function linkNumber(userId: string, agentId: string | null) {
  seq += 1;
  const suffix = `${Date.now()}${seq}`.slice(-8);
  const [row] = await t.database.db
    .insert(numbers)
    .values({
      userId,
      token: `tok-${suffix}`,
      phone: `55319${suffix}`,
      instanceName: `vendai-ag-${suffix}-${seq}`,
      agente: agentId,
    })
    .returning();
  return row!;
}

describe('GET /api/agents', () => {
  it('lists only the user’s agents (id, apelido, active, created_at) with the number link', async () => {
    const { client, userId } = await signedIn();
    expect((await client.get('/api/agents')).json()).toEqual([]);

    const id = await createAgent(client, 'Luna');
    // A second, unnamed agent written straight to the database (created elsewhere, e.g. a paid plan).
    const [unnamed] = await t.database.db.insert(agentes).values({ userId, active: false }).returning();
    const other = await signedIn();
    await createAgent(other.client, 'Outra');
    await linkNumber(userId, id);

    const list = (await client.get('/api/agents')).json();
    expect(list).toEqual([
      { id, apelido: 'Luna', active: true, created_at: expect.any(String), linked: true },
      { id: unnamed!.id, apelido: null, active: false, created_at: expect.any(String), linked: false },
    ]);
    expect(new Date(list[0].created_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('GET /api/agents/:id and /current', () => {
  it('answers all fields of the user’s own agent; another user’s or a bogus id is 404', async () => {
    const owner = await signedIn();
    const id = await createAgent(owner.client);
    const res = await owner.client.get(`/api/agents/${id}`);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(
      [
        'active',
        'apelido',
        'approval_mode',
        'approval_timeout_action',
        'approval_timeout_minutes',
        'created_at',
        'handoff_user_id',
        'id',
        'max_answers_per_contact_day',
        'respostas',
        'resume_after_minutes',
        'system_prompt',
        'timing',
        'trainnings',
        'updated_at',
      ].sort(),
    );

    const stranger = await signedIn();
    for (const url of [`/api/agents/${id}`, '/api/agents/00000000-0000-4000-8000-000000000000', '/api/agents/abc']) {
      const r = await stranger.client.get(url);
      expect(r.statusCode).toBe(404);
      expect(r.json().error.message).toBe(AGENT_NOT_FOUND_MESSAGE);
    }
  });

  it('/current is the newest active agent, or 404 asking for a training', async () => {
    const { client, userId } = await signedIn();
    const none = await client.get('/api/agents/current');
    expect(none.statusCode).toBe(404);
    expect(none.json().error.message).toBe(NO_AGENT_MESSAGE);

    const id = await createAgent(client);
    await t.database.db
      .insert(agentes)
      .values({ userId, apelido: 'Inativo e mais novo', active: false, createdAt: new Date(Date.now() + 1000) });
    expect((await client.get('/api/agents/current')).json().id).toBe(id);
  });
});

describe('PATCH /api/agents/:id', () => {
  it('saves the response delay (one of 0,5,10,15,30,60,90) and the prompt, with updated_at', async () => {
    const { client } = await signedIn();
    const id = await createAgent(client);
    const before = (await client.get(`/api/agents/${id}`)).json();

    const res = await patch(client, `/api/agents/${id}`, { timing: 30 });
    expect(res.statusCode).toBe(200);
    expect(res.json().timing).toBe(30);
    expect(new Date(res.json().updated_at).getTime()).toBeGreaterThanOrEqual(new Date(before.updated_at).getTime());
    expect(res.json().system_prompt).toBe(before.system_prompt);

    for (const timing of [7, -5, '30', 120]) {
      const bad = await patch(client, `/api/agents/${id}`, { timing });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toBe('Tempo de resposta inválido: escolha 0, 5, 10, 15, 30, 60, 90 segundos.');
    }
    expect((await patch(client, `/api/agents/${id}`, {})).json().error.message).toBe('Nada para salvar.');
    expect((await patch(client, `/api/agents/${id}`, { system_prompt: '   ' })).json().error.message).toBe(
      'O prompt não pode ficar vazio.',
    );

    const saved = await patch(client, `/api/agents/${id}`, { system_prompt: '# Identidade\nVocê é Luna.' });
    expect(saved.json()).toMatchObject({ system_prompt: '# Identidade\nVocê é Luna.', timing: 30 });

    const stranger = await signedIn();
    const theft = await patch(stranger.client, `/api/agents/${id}`, { timing: 0 });
    expect(theft.statusCode).toBe(404);
    expect((await client.get(`/api/agents/${id}`)).json().timing).toBe(30);
  });
});

describe('DELETE /api/agents/:id', () => {
  it('is blocked with 409 "Agente em uso" while a number links the agent, then deletes and frees the plan slot', async () => {
    const { client, userId } = await signedIn();
    const id = await createAgent(client);
    const number = await linkNumber(userId, id);

    const blocked = await del(client, `/api/agents/${id}`);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().error.message).toBe(AGENT_IN_USE_MESSAGE);
    expect((await client.get(`/api/agents/${id}`)).statusCode).toBe(200);

    // 'Desativar Agente' on the number, then the deletion goes through.
    await t.database.db.update(numbers).set({ agente: null }).where(eq(numbers.id, number.id));
    const stranger = await signedIn();
    expect((await del(stranger.client, `/api/agents/${id}`)).statusCode).toBe(404);

    expect((await client.get('/api/usage')).json().qtd_agentes).toBe(1);
    const ok = await del(client, `/api/agents/${id}`);
    expect(ok.statusCode).toBe(204);
    expect((await client.get(`/api/agents/${id}`)).statusCode).toBe(404);
    expect((await client.get('/api/usage')).json()).toMatchObject({ qtd_agentes: 0, total_trainnings: 1 });
    // The usage row stays (it counts this month's trainings); its agent link is cleared.
    const usage = await t.database.db.select().from(usageTraining).where(eq(usageTraining.userId, userId));
    expect(usage).toEqual([expect.objectContaining({ agentId: null, type: 'TREINAMENTO' })]);
    expect((await del(client, `/api/agents/${id}`)).statusCode).toBe(404);
  });
});

describe('assertWithinLimit', () => {
  it('create-agent is refused at qtd_agentes ≥ limit, retrain at total_trainnings ≥ max_trainnings', async () => {
    const { client, userId } = await signedIn();
    const { db } = t.database;
    await expect(assertWithinLimit(db, userId, 'create-agent')).resolves.toBeUndefined();
    const id = await createAgent(client);
    await expect(assertWithinLimit(db, userId, 'create-agent')).rejects.toMatchObject({
      code: 'LIMIT_REACHED',
      status: 403,
    });
    await expect(assertWithinLimit(db, userId, 'retrain')).resolves.toBeUndefined();
    await db
      .insert(usageTraining)
      .values(Array.from({ length: 3 }, () => ({ userId, agentId: id, type: 'TREINAMENTO' })));
    await expect(assertWithinLimit(db, userId, 'retrain')).resolves.toBeUndefined();
    // A prompt-coach acceptance is an edit, not a training (docs/decisions/014-prompt-workshop.md).
    await db.insert(usageTraining).values({ userId, agentId: id, type: 'TREINADORA DE PROMPT' });
    await expect(assertWithinLimit(db, userId, 'retrain')).resolves.toBeUndefined();
    await db.insert(usageTraining).values({ userId, agentId: id, type: 'TREINAMENTO' });
    await expect(assertWithinLimit(db, userId, 'retrain')).rejects.toMatchObject({ code: 'LIMIT_REACHED' });
  });
});
