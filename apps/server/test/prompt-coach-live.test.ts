import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FAKE_COACH_ADDITION,
  FAKE_COACH_QUESTION,
  startFakeOpenAi,
  type FakeOpenAi,
} from '../../../e2e/support/fake-openai.ts';
import { AI_UNAVAILABLE_MESSAGE } from '../src/integrations/llm/openai-llm.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { createAgent, signedIn } from './training-helpers.ts';

/**
 * The prompt coach against an OpenAI-compatible endpoint (a fake provider on 127.0.0.1, real HTTP,
 * the openai SDK): each way a model answers — JSON, JSON in prose, a question, plain text, HTTP 500,
 * no answer in time — and what the coach sends it.
 */
let fake: FakeOpenAi;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeOpenAi();
  t = await createTestApp({
    env: { AI_BASE_URL: fake.baseUrl, AI_API_KEY: 'chave-de-teste', AI_MAX_RETRIES: '1', AI_TIMEOUT_MS: '1000' },
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => fake.reset());

async function agentWithPrompt() {
  const { client } = await signedIn(t);
  const id = await createAgent(client);
  const prompt = (await client.get(`/api/agents/${id}`)).json().system_prompt as string;
  fake.reset();
  return { client, id, prompt };
}

describe('prompt coach with a real provider', () => {
  it('update as JSON: the full new prompt; the request carries the saved prompt, the instruction and only the last 8 messages', async () => {
    const { client, id, prompt } = await agentWithPrompt();
    const history = Array.from({ length: 12 }, (_, i) => ({
      role: i % 2 ? 'assistant' : 'user',
      text: `mensagem ${i + 1}`,
    }));
    const res = await client.post(`/api/agents/${id}/prompt-coach`, {
      instruction: 'adicione a entrega em BH',
      history,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      mode: 'update',
      message: 'Incluí as informações de entrega.',
      updated_prompt: `${prompt}\n\n${FAKE_COACH_ADDITION}`,
      partial: false,
      based_on: expect.any(String),
    });
    expect(fake.requests).toHaveLength(1);
    const sent = fake.requests[0]!;
    expect(sent.call).toBe('C');
    expect(sent.messages[0]!.role).toBe('system');
    const turns = sent.messages.slice(1, -1);
    expect(turns.map((m) => m.content)).toEqual(history.slice(-8).map((m) => m.text));
    expect(turns.map((m) => m.role)).toEqual(history.slice(-8).map((m) => m.role));
    expect(sent.messages.at(-1)!.content).toContain(prompt);
    expect(sent.messages.at(-1)!.content).toContain('Pedido do dono: adicione a entrega em BH');
    expect(sent.authorization).toBe('Bearer chave-de-teste');
  });

  it('JSON inside prose and a code fence: the object is extracted', async () => {
    const { client, id, prompt } = await agentWithPrompt();
    fake.setMode('prose');
    const res = await client.post(`/api/agents/${id}/prompt-coach`, { instruction: 'adicione a entrega em BH' });
    expect(res.json()).toMatchObject({
      mode: 'update',
      updated_prompt: `${prompt}\n\n${FAKE_COACH_ADDITION}`,
      partial: false,
    });
  });

  it('clarify: a question only', async () => {
    const { client, id } = await agentWithPrompt();
    fake.setMode('clarify');
    const res = await client.post(`/api/agents/${id}/prompt-coach`, { instruction: 'melhore' });
    expect(res.json()).toMatchObject({
      mode: 'clarify',
      message: FAKE_COACH_QUESTION,
      updated_prompt: null,
      partial: false,
    });
  });

  it('invalid JSON: a clarify with the model’s text, never a prompt', async () => {
    const { client, id } = await agentWithPrompt();
    fake.setMode('invalid');
    const res = await client.post(`/api/agents/${id}/prompt-coach`, { instruction: 'adicione a entrega' });
    expect(res.statusCode).toBe(200);
    expect(res.json().mode).toBe('clarify');
    expect(res.json().updated_prompt).toBeNull();
    expect(res.json().message).toContain('Pode me dizer qual região de entrega você atende?');
  });

  it('a fragment is partial; asking again with full=true tells the model the last one was incomplete', async () => {
    const { client, id } = await agentWithPrompt();
    fake.setMode('partial');
    const res = await client.post(`/api/agents/${id}/prompt-coach`, { instruction: 'adicione a entrega' });
    expect(res.json()).toMatchObject({ mode: 'update', updated_prompt: FAKE_COACH_ADDITION, partial: true });
    await client.post(`/api/agents/${id}/prompt-coach`, { instruction: 'adicione a entrega', full: true });
    expect(fake.requests.at(-1)!.messages.at(-1)!.content).toContain('a sugestão anterior veio incompleta');
  });

  it('HTTP 500: retried, then a 502 with a Portuguese message (the coach shows its failure bubble)', async () => {
    const { client, id, prompt } = await agentWithPrompt();
    fake.setMode('error500');
    const res = await client.post(`/api/agents/${id}/prompt-coach`, { instruction: 'adicione a entrega' });
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toBe(AI_UNAVAILABLE_MESSAGE);
    expect(fake.requests).toHaveLength(2);
    expect((await client.get(`/api/agents/${id}`)).json().system_prompt).toBe(prompt);
  });

  it('no answer in time: 502 after the timeout, not a hang', async () => {
    const { client, id } = await agentWithPrompt();
    fake.setMode('hang');
    const started = Date.now();
    const res = await client.post(`/api/agents/${id}/prompt-coach`, { instruction: 'adicione a entrega' });
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toBe(AI_UNAVAILABLE_MESSAGE);
    // AI_TIMEOUT_MS=1000 per attempt, one retry: well under the fake's 3 s per answer × 2.
    expect(Date.now() - started).toBeLessThan(5_500);
  });
});
