import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_NOT_FOUND_MESSAGE, COACH_STALE_MESSAGE, PROMPT_MAX, PROMPT_TOO_LONG_MESSAGE } from '@vendai/contracts';
import { agentes, plans, profiles, promptVersions, usageTraining } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp, type TestClient } from './helpers/test-app.ts';
import { allAnswers, createAgent, patch, signedIn as signInNew } from './training-helpers.ts';

/**
 * The prompt workshop over HTTP with the offline demo AI (docs/decisions/014-prompt-workshop.md): manual saves, the prompt
 * coach's acceptance, versions and restore, ownership, and how it all counts against the plan.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const signedIn = () => signInNew(t);
const versionsOf = async (client: TestClient, id: string) =>
  (await client.get(`/api/agents/${id}/prompt-versions`)).json();
const agentRow = async (id: string) => (await t.database.db.select().from(agentes).where(eq(agentes.id, id)))[0]!;
const usageRows = (agentId: string) =>
  t.database.db.select().from(usageTraining).where(eq(usageTraining.agentId, agentId));

describe('manual save (PATCH /api/agents/:id)', () => {
  it('saves only when the text changed: a version per change, updated_at untouched otherwise, never a training', async () => {
    const { client } = await signedIn();
    const id = await createAgent(client);
    const trained = (await client.get(`/api/agents/${id}`)).json();
    expect(await versionsOf(client, id)).toEqual([
      {
        id: expect.any(String),
        source: 'training',
        created_at: expect.any(String),
        chars: trained.system_prompt.length,
        current: true,
      },
    ]);

    // Same text: nothing is written.
    const same = await patch(client, `/api/agents/${id}`, { system_prompt: trained.system_prompt });
    expect(same.statusCode).toBe(200);
    expect(same.json().updated_at).toBe(trained.updated_at);
    expect(await versionsOf(client, id)).toHaveLength(1);

    const edited = `${trained.system_prompt}\n- Entregamos em BH.`;
    const saved = await patch(client, `/api/agents/${id}`, { system_prompt: edited });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().system_prompt).toBe(edited);
    expect(new Date(saved.json().updated_at).getTime()).toBeGreaterThan(new Date(trained.updated_at).getTime());
    expect((await client.get(`/api/agents/${id}`)).json().system_prompt).toBe(edited);
    const versions = await versionsOf(client, id);
    expect(versions.map((v: { source: string; current: boolean }) => [v.source, v.current])).toEqual([
      ['manual', true],
      ['training', false],
    ]);
    expect(versions[0].chars).toBe(edited.length);
    // Manual edits never count as trainings.
    expect((await client.get('/api/usage')).json().total_trainnings).toBe(1);
    expect((await agentRow(id)).trainnings).toBe(1);
  });

  it('refuses an empty prompt and one over the documented maximum, with Portuguese messages', async () => {
    const { client } = await signedIn();
    const id = await createAgent(client);
    const before = (await client.get(`/api/agents/${id}`)).json();
    for (const blank of ['', '   \n\t ']) {
      const res = await patch(client, `/api/agents/${id}`, { system_prompt: blank });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('O prompt não pode ficar vazio.');
    }
    const long = await patch(client, `/api/agents/${id}`, { system_prompt: 'a'.repeat(PROMPT_MAX + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe(PROMPT_TOO_LONG_MESSAGE);
    expect(PROMPT_TOO_LONG_MESSAGE).toBe('O prompt pode ter no máximo 20.000 caracteres.');
    expect((await patch(client, `/api/agents/${id}`, { system_prompt: 'a'.repeat(PROMPT_MAX) })).statusCode).toBe(200);
    expect((await client.get(`/api/agents/${id}`)).json().system_prompt).not.toBe(before.system_prompt);
  });
});

describe('prompt coach (demo AI)', () => {
  it('asks a question for a vague instruction and proposes the whole prompt for a concrete one; nothing is saved until accepted', async () => {
    const { client } = await signedIn();
    const id = await createAgent(client);
    const prompt = (await client.get(`/api/agents/${id}`)).json().system_prompt as string;

    const vague = await client.post(`/api/agents/${id}/prompt-coach`, { instruction: 'melhore o prompt', history: [] });
    expect(vague.statusCode).toBe(200);
    expect(vague.json()).toMatchObject({ mode: 'clarify', updated_prompt: null, partial: false });
    expect(vague.json().message).toMatch(/\?/);

    const res = await client.post(`/api/agents/${id}/prompt-coach`, {
      instruction: 'adicione que entregamos em BH aos sábados',
      history: [
        { role: 'user', text: 'melhore o prompt' },
        { role: 'assistant', text: vague.json().message },
      ],
    });
    expect(res.statusCode).toBe(200);
    const suggestion = res.json();
    expect(suggestion.mode).toBe('update');
    expect(suggestion.partial).toBe(false);
    expect(suggestion.updated_prompt).toContain('Entregamos em BH aos sábados.');
    expect(suggestion.updated_prompt).toContain('# Identidade');
    expect(suggestion.updated_prompt.length).toBeGreaterThan(prompt.length);
    expect((await client.get(`/api/agents/${id}`)).json().system_prompt).toBe(prompt);
    expect(await usageRows(id)).toHaveLength(1);
  });

  it("'o frete agora é R$ 15' → a FAQ suggestion, not a prompt change; applying it saves the entry through the knowledge API", async () => {
    const { client } = await signedIn();
    const id = await createAgent(client);
    const prompt = (await client.get(`/api/agents/${id}`)).json().system_prompt as string;
    const res = await client.post(`/api/agents/${id}/prompt-coach`, {
      instruction: 'o frete agora é R$ 15',
      history: [],
    });
    expect(res.statusCode, res.body).toBe(200);
    const suggestion = res.json();
    expect(suggestion).toMatchObject({
      mode: 'faq',
      updated_prompt: null,
      partial: false,
      faq: { question: 'Qual é o valor do frete?', answer: 'O frete agora é R$ 15.' },
    });
    // 'Aplicar' in the coach: the web posts the entry to the existing FAQ endpoint.
    const applied = await client.post('/api/knowledge/faqs', suggestion.faq);
    expect(applied.statusCode, applied.body).toBe(201);
    const faqs = (await client.get('/api/knowledge/faqs')).json();
    expect(faqs.items).toEqual([
      expect.objectContaining({ question: 'Qual é o valor do frete?', answer: 'O frete agora é R$ 15.' }),
    ]);
    // The prompt did not change, and no prompt version was written.
    expect((await client.get(`/api/agents/${id}`)).json().system_prompt).toBe(prompt);
    expect(await versionsOf(client, id)).toHaveLength(1);
  });

  it('flags a fragment as partial, refuses to accept it, and "Gerar completo" (full) gives the whole prompt', async () => {
    const { client } = await signedIn();
    const id = await createAgent(client);
    const instruction = 'Mostre só o trecho: adicione que entregamos em BH';
    const partial = (await client.post(`/api/agents/${id}/prompt-coach`, { instruction })).json();
    expect(partial).toMatchObject({ mode: 'update', partial: true });
    const refused = await client.post(`/api/agents/${id}/prompt-coach/accept`, {
      updated_prompt: partial.updated_prompt,
      based_on: partial.based_on,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(/incompleta/);

    const full = (await client.post(`/api/agents/${id}/prompt-coach`, { instruction, full: true })).json();
    expect(full).toMatchObject({ mode: 'update', partial: false });
    expect(full.updated_prompt).toContain('# Regras importantes');
  });

  it('accepting writes the prompt, a "coach" version and a TREINADORA DE PROMPT usage row, without using a training', async () => {
    const { client, userId } = await signedIn();
    const id = await createAgent(client);
    const s = (await client.post(`/api/agents/${id}/prompt-coach`, { instruction: 'deixe mais informal' })).json();
    const accepted = await client.post(`/api/agents/${id}/prompt-coach/accept`, {
      updated_prompt: s.updated_prompt,
      based_on: s.based_on,
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().system_prompt).toBe(s.updated_prompt);
    expect((await agentRow(id)).systemPrompt).toBe(s.updated_prompt);
    expect((await versionsOf(client, id))[0]).toMatchObject({
      source: 'coach',
      current: true,
      chars: s.updated_prompt.length,
    });
    expect((await usageRows(id)).map((r) => r.type).sort()).toEqual(['TREINADORA DE PROMPT', 'TREINAMENTO']);
    expect((await usageRows(id)).find((r) => r.type === 'TREINADORA DE PROMPT')!.userId).toBe(userId);
    expect((await client.get('/api/usage')).json().total_trainnings).toBe(1);

    // The suggestion was made from the old prompt: accepting it again is refused, nothing changes.
    const stale = await client.post(`/api/agents/${id}/prompt-coach/accept`, {
      updated_prompt: `${s.updated_prompt}\nextra`,
      based_on: s.based_on,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(COACH_STALE_MESSAGE);
    expect(await usageRows(id)).toHaveLength(2);
  });

  it('acceptance is one transaction: when the usage row cannot be written, neither the prompt nor the version is', async () => {
    const { client } = await signedIn();
    const id = await createAgent(client);
    const before = await agentRow(id);
    const s = (await client.post(`/api/agents/${id}/prompt-coach`, { instruction: 'deixe mais formal' })).json();
    const { db } = t.database;
    await db.execute(
      sql.raw(`
      create or replace function refuse_coach_usage() returns trigger language plpgsql as $$
      begin
        if new.agent_id = '${id}' and new.type = 'TREINADORA DE PROMPT' then raise exception 'usage write refused'; end if;
        return new;
      end $$`),
    );
    await db.execute(
      sql`create trigger refuse_coach_usage before insert on usage_training for each row execute function refuse_coach_usage()`,
    );
    try {
      const res = await client.post(`/api/agents/${id}/prompt-coach/accept`, {
        updated_prompt: s.updated_prompt,
        based_on: s.based_on,
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await db.execute(sql`drop trigger refuse_coach_usage on usage_training`);
    }
    const after = await agentRow(id);
    expect(after.systemPrompt).toBe(before.systemPrompt);
    expect(after.updatedAt.getTime()).toBe(before.updatedAt.getTime());
    expect(await db.select().from(promptVersions).where(eq(promptVersions.agentId, id))).toHaveLength(1);
    expect(await usageRows(id)).toHaveLength(1);
  });

  it('works at the plan’s monthly training limit: the retrain-limit dialog’s promise holds', async () => {
    const { client, userId } = await signedIn();
    const id = await createAgent(client);
    const [free] = await t.database.db.select().from(plans).where(eq(plans.slug, 'freemium'));
    await t.database.db.update(profiles).set({ activePlanId: free!.id }).where(eq(profiles.id, userId));
    await t.database.db
      .insert(usageTraining)
      .values(Array.from({ length: 4 }, () => ({ userId, agentId: id, type: 'TREINAMENTO' })));
    expect((await client.get('/api/usage')).json()).toMatchObject({ total_trainnings: 5, max_trainnings: 5 });
    // Retraining is refused…
    const retrain = await client.post('/api/training/finish', {
      mode: 'update',
      agentId: id,
      apelido: 'Luna',
      respostas: allAnswers(),
    });
    expect(retrain.statusCode).toBe(403);
    // …manual edits and the coach stay open.
    const prompt = (await client.get(`/api/agents/${id}`)).json().system_prompt;
    expect(
      (await patch(client, `/api/agents/${id}`, { system_prompt: `${prompt}\n- Atendemos aos sábados.` })).statusCode,
    ).toBe(200);
    const s = (
      await client.post(`/api/agents/${id}/prompt-coach`, { instruction: 'adicione que aceitamos cartão em até 3x' })
    ).json();
    expect(
      (
        await client.post(`/api/agents/${id}/prompt-coach/accept`, {
          updated_prompt: s.updated_prompt,
          based_on: s.based_on,
        })
      ).statusCode,
    ).toBe(200);
    expect((await client.get('/api/usage')).json().total_trainnings).toBe(5);
  });

  it('refuses a blank instruction with a Portuguese message', async () => {
    const { client } = await signedIn();
    const id = await createAgent(client);
    const res = await client.post(`/api/agents/${id}/prompt-coach`, { instruction: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Escreva o que você quer mudar no prompt.');
  });
});

describe('versions and restore', () => {
  it('lists versions newest first, shows one with its text, and restores it as a manual edit (no training)', async () => {
    const { client } = await signedIn();
    const id = await createAgent(client);
    const original = (await client.get(`/api/agents/${id}`)).json().system_prompt as string;
    await patch(client, `/api/agents/${id}`, { system_prompt: 'Versão dois: um prompt curto escrito à mão.' });
    await patch(client, `/api/agents/${id}`, { system_prompt: 'Versão três: outro prompt escrito à mão.' });
    const list = await versionsOf(client, id);
    expect(list.map((v: { source: string }) => v.source)).toEqual(['manual', 'manual', 'training']);
    const trainingVersion = list[2];

    const one = await client.get(`/api/agents/${id}/prompt-versions/${trainingVersion.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({
      id: trainingVersion.id,
      source: 'training',
      system_prompt: original,
      current: false,
      chars: original.length,
    });

    const restored = await client.post(`/api/agents/${id}/prompt-versions/${trainingVersion.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().system_prompt).toBe(original);
    const after = await versionsOf(client, id);
    expect(after.map((v: { source: string; current: boolean }) => [v.source, v.current])).toEqual([
      ['restore', true],
      ['manual', false],
      ['manual', false],
      ['training', false],
    ]);
    const [row] = await t.database.db
      .select()
      .from(promptVersions)
      .where(and(eq(promptVersions.agentId, id), eq(promptVersions.source, 'restore')));
    expect(row!.restoredFrom).toBe(trainingVersion.id);
    expect((await client.get('/api/usage')).json().total_trainnings).toBe(1);
    // Restoring the text already saved changes nothing.
    expect((await client.post(`/api/agents/${id}/prompt-versions/${after[0].id}/restore`)).statusCode).toBe(200);
    expect(await versionsOf(client, id)).toHaveLength(4);
  });

  it('retraining records a "retraining" version', async () => {
    const { client } = await signedIn();
    const id = await createAgent(client);
    const res = await client.post('/api/training/finish', {
      mode: 'update',
      agentId: id,
      apelido: 'Luna',
      respostas: allAnswers([{ pergunta: 'Entregam?', resposta: 'Sim, em toda BH.' }]),
    });
    expect(res.statusCode).toBe(200);
    expect((await versionsOf(client, id)).map((v: { source: string }) => v.source)).toEqual(['retraining', 'training']);
  });
});

describe('ownership', () => {
  it('another user’s agent or version is 404 on every workshop route, and nothing changes', async () => {
    const owner = await signedIn();
    const id = await createAgent(owner.client);
    const [version] = await versionsOf(owner.client, id);
    const prompt = (await owner.client.get(`/api/agents/${id}`)).json().system_prompt;
    const s = (
      await owner.client.post(`/api/agents/${id}/prompt-coach`, { instruction: 'deixe mais informal' })
    ).json();
    const { client: stranger } = await signedIn();
    const attempts = [
      () => patch(stranger, `/api/agents/${id}`, { system_prompt: 'roubado' }),
      () => stranger.post(`/api/agents/${id}/prompt-coach`, { instruction: 'deixe mais informal' }),
      () =>
        stranger.post(`/api/agents/${id}/prompt-coach/accept`, {
          updated_prompt: s.updated_prompt,
          based_on: s.based_on,
        }),
      () => stranger.get(`/api/agents/${id}/prompt-versions`),
      () => stranger.get(`/api/agents/${id}/prompt-versions/${version.id}`),
      () => stranger.post(`/api/agents/${id}/prompt-versions/${version.id}/restore`),
      () => stranger.post('/api/playground/reply', { agent_id: id, messages: [{ role: 'user', text: 'Oi' }] }),
      () => stranger.get(`/api/agents/not-a-uuid/prompt-versions`),
    ];
    for (const attempt of attempts) {
      const res = await attempt();
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(AGENT_NOT_FOUND_MESSAGE);
    }
    // The owner's own version id under another of the owner's agents is not found either.
    const [other] = await t.database.db
      .insert(agentes)
      .values({ userId: owner.userId, apelido: 'Sol', systemPrompt: 'Você é Sol.' })
      .returning();
    expect((await owner.client.get(`/api/agents/${other!.id}/prompt-versions/${version.id}`)).statusCode).toBe(404);
    expect((await owner.client.get(`/api/agents/${id}`)).json().system_prompt).toBe(prompt);
    // Signed out: 401.
    expect((await t.client().get(`/api/agents/${id}/prompt-versions`)).statusCode).toBe(401);
  });
});
