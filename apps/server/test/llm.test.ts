import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_MARKER, FAKE_QUESTIONS, startFakeOpenAi, type FakeOpenAi } from '../../../e2e/support/fake-openai.ts';
import { loadEnv } from '../src/config/env.ts';
import { normaliseBaseUrl } from '../src/integrations/llm/openai-llm.ts';
import { DEFAULT_QUESTIONS, FAILURE_QUESTIONS } from '../src/modules/training/parse-refinement-questions.ts';
import { createTestApp, type TestApp, type TestClient } from './helpers/test-app.ts';
import { allAnswers, keyAnswers, SAMPLE_KEY_ANSWERS } from './training-helpers.ts';

/**
 * The training against an OpenAI-compatible endpoint: a fake provider on 127.0.0.1 over real HTTP,
 * through the openai SDK, in each answer mode (valid JSON, JSON in prose, invalid, HTTP 500).
 */
let fake: FakeOpenAi;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeOpenAi();
  t = await createTestApp({
    env: { AI_BASE_URL: fake.baseUrl, AI_API_KEY: 'chave-de-teste', AI_MAX_RETRIES: '1', AI_TIMEOUT_MS: '5000' },
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => fake.reset());

async function signedIn(): Promise<TestClient> {
  const client = t.client();
  await client.registerOk();
  return client;
}

const SECTIONS = [
  '# Identidade',
  '# Objetivo',
  '# Contexto do negócio',
  '# Qualificação',
  '# Objeções',
  '# Fechamento',
  '# Tom de voz',
  '# Regras importantes',
];

describe('call A: refinement questions', () => {
  it('valid JSON: the AI’s questions, and the request follows the spec (model, 0.7, 2000, top_p 1, no stream, key)', async () => {
    const client = await signedIn();
    expect((await client.get('/api/config')).json().aiMode).toBe('live');
    const res = await client.post('/api/training/questions', { respostas: keyAnswers() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...FAKE_QUESTIONS, source: 'ai' });

    expect(fake.requests).toHaveLength(1);
    const sent = fake.requests[0]!;
    expect(sent).toMatchObject({
      model: 'openai/gpt-oss-120b',
      temperature: 0.7,
      max_tokens: 2000,
      top_p: 1,
      stream: false,
      call: 'A',
    });
    expect(sent.authorization).toBe('Bearer chave-de-teste');
    expect(sent.messages[0]!.role).toBe('system');
    expect(sent.messages[0]!.content).toContain('entre 3 e 6 perguntas');
    expect(sent.messages[1]!.content).toContain(SAMPLE_KEY_ANSWERS.negocio);
    expect(sent.messages[1]!.content).toContain('Qual é o seu negócio e o que ele faz?');
  });

  it('JSON wrapped in prose and a code fence: the object is extracted', async () => {
    const client = await signedIn();
    fake.setMode('prose');
    const res = await client.post('/api/training/questions', { respostas: keyAnswers() });
    expect(res.json()).toEqual({ ...FAKE_QUESTIONS, source: 'ai-extracted' });
  });

  it('invalid JSON: the default questions on ticket, sales cycle and qualification', async () => {
    const client = await signedIn();
    fake.setMode('invalid');
    const res = await client.post('/api/training/questions', { respostas: keyAnswers() });
    expect(res.statusCode).toBe(200);
    expect(res.json().source).toBe('fallback');
    expect(res.json().perguntas).toEqual(DEFAULT_QUESTIONS);
    expect(res.json().perguntas.map((p: { categoria: string }) => p.categoria)).toEqual([
      'ticket',
      'ciclo_vendas',
      'qualificacao',
    ]);
  });

  it('HTTP 500: retried with backoff, then the two default questions', async () => {
    const client = await signedIn();
    fake.setMode('error500');
    const res = await client.post('/api/training/questions', { respostas: keyAnswers() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ source: 'failure', total: 2, perguntas: FAILURE_QUESTIONS });
    // AI_MAX_RETRIES=1: the first attempt and one retry.
    expect(fake.requests).toHaveLength(2);
  });
});

describe('call B: the system prompt', () => {
  it('stores the AI’s prompt, which has the sections and the user’s answers', async () => {
    const client = await signedIn();
    const res = await client.post('/api/training/finish', { apelido: 'Bia', respostas: allAnswers() });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ promptSource: 'ai', trainnings: 1 });
    const agent = (await client.get(`/api/agents/${res.json().agentId}`)).json();
    expect(agent.system_prompt).toContain(FAKE_MARKER);
    expect(agent.system_prompt).toContain('Você é Bia');
    for (const s of SECTIONS) expect(agent.system_prompt).toContain(s);
    for (const answer of Object.values(SAMPLE_KEY_ANSWERS)) expect(agent.system_prompt).toContain(answer);
    expect(agent.system_prompt).toContain('Pedidos com 3 dias de antecedência');

    const sent = fake.requests.find((r) => r.call === 'B')!;
    expect(sent.messages[0]!.content).toContain('# Regras importantes');
    expect(sent.messages[1]!.content).toContain('Nome da assistente: Bia');
  });

  it('when the AI fails (HTTP 500) or answers nonsense, the prompt is assembled from the answers: the training is not lost', async () => {
    for (const mode of ['error500', 'invalid'] as const) {
      const client = await signedIn();
      fake.setMode(mode);
      const res = await client.post('/api/training/finish', { apelido: 'Bia', respostas: allAnswers() });
      expect(res.statusCode).toBe(201);
      expect(res.json().promptSource).toBe('template');
      const agent = (await client.get(`/api/agents/${res.json().agentId}`)).json();
      expect(agent.system_prompt).not.toContain(FAKE_MARKER);
      for (const s of SECTIONS) expect(agent.system_prompt).toContain(s);
      expect(agent.system_prompt).toContain(SAMPLE_KEY_ANSWERS.objecoes);
      expect((await client.get('/api/usage')).json()).toMatchObject({ qtd_agentes: 1, total_trainnings: 1 });
    }
  });
});

describe('configuration', () => {
  it('chooses the provider: openai with AI_BASE_URL, demo without; production needs one or AI_PROVIDER=demo', () => {
    const base = { AUTH_SECRET: 'x'.repeat(40), SIMULATOR_ENABLED: 'true' };
    expect(loadEnv({}).aiProvider).toBe('demo');
    expect(loadEnv({ AI_BASE_URL: 'http://127.0.0.1:9/v1' }).aiProvider).toBe('openai');
    expect(loadEnv({ AI_BASE_URL: 'http://127.0.0.1:9/v1', AI_PROVIDER: 'demo' }).aiProvider).toBe('demo');
    expect(loadEnv({}).AI_MODEL).toBe('openai/gpt-oss-120b');
    expect(() => loadEnv({ NODE_ENV: 'production', ...base })).toThrow(
      /AI_BASE_URL: obrigatório em produção.*AI_PROVIDER=demo/s,
    );
    expect(loadEnv({ NODE_ENV: 'production', ...base, AI_PROVIDER: 'demo' }).aiProvider).toBe('demo');
    expect(loadEnv({ NODE_ENV: 'production', ...base, AI_BASE_URL: 'https://api.exemplo.com/v1' }).aiProvider).toBe(
      'openai',
    );
    expect(() => loadEnv({ AI_PROVIDER: 'openai' })).toThrow(/AI_BASE_URL: obrigatório com AI_PROVIDER=openai/);
    expect(() => loadEnv({ AI_PROVIDER: 'gpt' })).toThrow(/AI_PROVIDER/);
  });

  it('the base URL ends in /v1: a bare host gets it, a path is kept', () => {
    expect(normaliseBaseUrl('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080/v1');
    expect(normaliseBaseUrl('http://127.0.0.1:8080/')).toBe('http://127.0.0.1:8080/v1');
    expect(normaliseBaseUrl('https://openrouter.ai/api/v1/')).toBe('https://openrouter.ai/api/v1');
    expect(normaliseBaseUrl('https://api.groq.com/openai/v1')).toBe('https://api.groq.com/openai/v1');
  });
});
