import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_NOT_FOUND_MESSAGE, KEY_QUESTIONS } from '@vendai/contracts';
import { agentes, usageTraining } from '../src/db/schema/index.ts';
import { LIMIT_MESSAGES } from '../src/domain/usage/assert-within-limit.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { allAnswers, createAgent, keyAnswers, SAMPLE_KEY_ANSWERS, signedIn as signInNew } from './training-helpers.ts';

/** The training wizard's API with no AI configured: the offline demo provider answers. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const signedIn = () => signInNew(t);

describe('demo mode', () => {
  it('GET /api/config says the AI is in demo mode', async () => {
    const res = await t.client().get('/api/config');
    expect(res.json().aiMode).toBe('demo');
  });

  it('asks 3 to 6 refinement questions chosen by what the answers say, the same ones every time', async () => {
    const { client } = await signedIn();
    const first = await client.post('/api/training/questions', { respostas: keyAnswers() });
    expect(first.statusCode).toBe(200);
    const set = first.json();
    expect(set.source).toBe('ai');
    expect(set.perguntas.length).toBeGreaterThanOrEqual(3);
    expect(set.perguntas.length).toBeLessThanOrEqual(6);
    expect(set.total).toBe(set.perguntas.length);
    // The bakery delivers and takes orders: the delivery question is asked.
    expect(set.perguntas.map((p: { categoria: string }) => p.categoria)).toContain('entrega');
    expect(set.contexto).toContain('Doce Encanto');
    const again = await client.post('/api/training/questions', { respostas: keyAnswers() });
    expect(again.json()).toEqual(set);
  });

  it('finishing creates an active agent with trainnings 1, a prompt with every section and the answers, and a usage row', async () => {
    const { client, userId } = await signedIn();
    const res = await client.post('/api/training/finish', { apelido: '  Luna  ', respostas: allAnswers() });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ apelido: 'Luna', trainnings: 1, promptSource: 'ai' });

    const agent = (await client.get(`/api/agents/${res.json().agentId}`)).json();
    expect(agent).toMatchObject({ apelido: 'Luna', active: true, trainnings: 1, timing: 0 });
    for (const section of [
      '# Identidade',
      '# Objetivo',
      '# Contexto do negócio',
      '# Qualificação',
      '# Objeções',
      '# Fechamento',
      '# Tom de voz',
      '# Regras importantes',
    ]) {
      expect(agent.system_prompt).toContain(section);
    }
    expect(agent.system_prompt).toContain('Você é Luna');
    expect(agent.system_prompt).toContain(SAMPLE_KEY_ANSWERS.produto);
    expect(agent.system_prompt).toContain('https://doceencanto.exemplo.com.br/pedido');
    expect(agent.system_prompt).toContain('Pedidos com 3 dias de antecedência');
    expect(agent.system_prompt).toMatch(/uma pergunta por vez/);
    expect(agent.system_prompt).toMatch(/links somente quando a pessoa demonstrar interesse real/);
    expect(agent.respostas).toHaveLength(8);
    expect(agent.respostas[0]).toEqual({
      tipo: 'chave',
      key: 'negocio',
      pergunta: KEY_QUESTIONS[0].pergunta,
      resposta: SAMPLE_KEY_ANSWERS.negocio,
    });

    const usage = await t.database.db.select().from(usageTraining).where(eq(usageTraining.userId, userId));
    expect(usage).toEqual([expect.objectContaining({ agentId: agent.id, type: 'TREINAMENTO' })]);
  });
});

describe('validation', () => {
  it('refuses blank answers, a blank or long name and missing key questions, in Portuguese', async () => {
    const { client } = await signedIn();
    const blank = keyAnswers({ objecoes: '   ' });
    let res = await client.post('/api/training/questions', { respostas: blank });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Responda a pergunta para continuar.');

    res = await client.post('/api/training/questions', { respostas: keyAnswers().slice(0, 6) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Responda as 7 perguntas-chave antes de continuar.');

    res = await client.post('/api/training/finish', { apelido: '   ', respostas: allAnswers() });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.apelido).toBe('Dê um nome ao seu agente.');

    res = await client.post('/api/training/finish', { apelido: 'x'.repeat(51), respostas: allAnswers() });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('O nome do agente pode ter no máximo 50 caracteres.');

    // Exactly 50 characters after trimming is fine.
    res = await client.post('/api/training/finish', { apelido: ` ${'x'.repeat(50)} `, respostas: allAnswers() });
    expect(res.statusCode).toBe(201);

    res = await client.post('/api/training/finish', { mode: 'update', apelido: 'Luna', respostas: allAnswers() });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(AGENT_NOT_FOUND_MESSAGE);

    res = await client.post('/api/training/finish', { mode: 'outro', apelido: 'Luna', respostas: allAnswers() });
    expect(res.statusCode).toBe(400);
  });

  it('needs a session', async () => {
    const res = await t.client().post('/api/training/questions', { respostas: keyAnswers() });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('Usuário não autenticado');
  });
});

describe('update mode and limits', () => {
  it('the free plan allows one agent: a second create is refused with 403 before and at finishing', async () => {
    const { client } = await signedIn();
    await createAgent(client);
    const questions = await client.post('/api/training/questions', { mode: 'create', respostas: keyAnswers() });
    expect(questions.statusCode).toBe(403);
    expect(questions.json().error).toMatchObject({ code: 'LIMIT_REACHED', message: LIMIT_MESSAGES['create-agent'] });
    const finish = await client.post('/api/training/finish', { apelido: 'Segundo', respostas: allAnswers() });
    expect(finish.statusCode).toBe(403);
    expect((await client.get('/api/agents')).json()).toHaveLength(1);
  });

  it('retraining updates the answers, prompt and name and increments trainnings, up to the monthly limit', async () => {
    const { client, userId } = await signedIn();
    const id = await createAgent(client, 'Luna');
    const respostas = [...keyAnswers({ tom: 'Formal, sem emojis, trata por senhor e senhora.' })];

    const questions = await client.post('/api/training/questions', { mode: 'update', agentId: id, respostas });
    expect(questions.statusCode).toBe(200);

    const res = await client.post('/api/training/finish', {
      mode: 'update',
      agentId: id,
      apelido: 'Luna 2',
      respostas,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ agentId: id, apelido: 'Luna 2', trainnings: 2 });
    const agent = (await client.get(`/api/agents/${id}`)).json();
    expect(agent).toMatchObject({ apelido: 'Luna 2', trainnings: 2 });
    expect(agent.system_prompt).toContain('Não use emojis.');
    expect(agent.respostas).toHaveLength(7);

    // The free plan has 5 trainings a month; the creation counted as one.
    for (let n = 3; n <= 5; n++) {
      const ok = await client.post('/api/training/finish', { mode: 'update', agentId: id, apelido: 'Luna', respostas });
      expect(ok.json().trainnings).toBe(n);
    }
    const over = await client.post('/api/training/finish', { mode: 'update', agentId: id, apelido: 'Luna', respostas });
    expect(over.statusCode).toBe(403);
    expect(over.json().error.message).toBe(LIMIT_MESSAGES.retrain);
    expect((await client.post('/api/training/questions', { mode: 'update', agentId: id, respostas })).statusCode).toBe(
      403,
    );
    expect((await client.get('/api/usage')).json()).toMatchObject({ total_trainnings: 5, max_trainnings: 5 });
    const [row] = await t.database.db
      .select()
      .from(agentes)
      .where(and(eq(agentes.id, id), eq(agentes.userId, userId)));
    expect(row!.trainnings).toBe(5);
  });

  it("another user's agent cannot be retrained: 404 'Agente não encontrado ou não pertence ao usuário.'", async () => {
    const owner = await signedIn();
    const id = await createAgent(owner.client);
    const other = await signedIn();
    for (const [url, respostas] of [
      ['/api/training/questions', keyAnswers()],
      ['/api/training/finish', allAnswers()],
    ] as const) {
      const res = await other.client.post(url, { mode: 'update', agentId: id, apelido: 'Roubado', respostas });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(AGENT_NOT_FOUND_MESSAGE);
    }
    const bogus = await other.client.post('/api/training/finish', {
      mode: 'update',
      agentId: 'nao-e-uuid',
      apelido: 'X',
      respostas: allAnswers(),
    });
    expect(bogus.statusCode).toBe(404);
    const agent = (await owner.client.get(`/api/agents/${id}`)).json();
    expect(agent).toMatchObject({ apelido: 'Luna', trainnings: 1 });
  });
});
