/**
 * Every model call an owner can trigger is limited and counted (docs/decisions/050-upload-and-model-call-limits.md):
 * a price list read by the AI (the catalogue import's PDF or photo) and the training's follow-up questions
 * count as AI assists against the plan's monthly allowance (plans.max_ai_assists), shown on /api/usage and
 * refused past it with 403 in Portuguese; the playground's follow-up preview is a test message; the
 * import's reads are rate-limited per minute (429). On PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiAssistsMessage } from '../src/domain/usage/ai-assists.ts';
import { testAllowanceMessage } from '../src/domain/usage/test-allowance.ts';
import { createTestApp, type TestApp, type TestClient } from './helpers/test-app.ts';
import { textPdf } from './helpers/text-pdf.ts';
import { createAgent, keyAnswers, signedIn } from './training-helpers.ts';
import { onTestPlan } from './helpers/test-plan.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A person on a plan with `assists` AI assists and `tests` test messages a month, with a trained agent. */
async function person(assists: number, tests: number): Promise<{ client: TestClient; agentId: string }> {
  const { client, userId } = await signedIn(t);
  const agentId = await createAgent(client, 'Luna');
  await onTestPlan(t.database.db, userId, { maxTestMessages: tests, maxAiAssists: assists, maxAgents: 2 });
  return { client, agentId };
}

const readList = (client: TestClient, data: Buffer, type: string) =>
  client.request({
    method: 'POST',
    url: '/api/catalogue/import/read',
    payload: data,
    headers: { 'content-type': type },
  });
const PRICE_LIST = textPdf(['Bolo de chocolate ........ R$ 80,00', 'Torta de limao 45,90']);
const questions = (client: TestClient) => client.post('/api/training/questions', { respostas: keyAnswers() });

describe('AI assists and test messages for every owner-triggered model call', () => {
  it('counts a price list read by the AI and the training questions, shows them on /api/usage, refuses past the plan', async () => {
    const { client } = await person(3, 100);
    expect((await client.get('/api/usage')).json()).toMatchObject({ ai_assists: 0, max_ai_assists: 3 });

    expect((await readList(client, PRICE_LIST, 'application/pdf')).statusCode).toBe(200);
    expect((await questions(client)).statusCode).toBe(200);
    expect((await questions(client)).statusCode).toBe(200);
    // A spreadsheet is read without the AI: not an assist.
    expect((await readList(client, Buffer.from('Produto;Preço\nBolo;10,00\n'), 'text/csv')).statusCode).toBe(200);
    expect((await client.get('/api/usage')).json()).toMatchObject({
      ai_assists: 3,
      max_ai_assists: 3,
      ai_assists_by_kind: { price_list: 1, training_questions: 2, media_requests: 0 },
    });

    const refused = await readList(client, PRICE_LIST, 'application/pdf');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'LIMIT_REACHED', message: aiAssistsMessage(3) });
    expect(refused.json().error.message).toContain('Você usou os 3 usos de IA do seu plano neste mês');
    const refusedQuestions = await questions(client);
    expect(refusedQuestions.statusCode).toBe(403);
    expect(refusedQuestions.json().error.message).toBe(aiAssistsMessage(3));
    expect((await client.get('/api/usage')).json().ai_assists).toBe(3);
  });

  it('a PDF without text costs no assist (the model is never asked)', async () => {
    const { client } = await person(1, 100);
    const blank = await readList(client, textPdf(['']), 'application/pdf');
    expect(blank.statusCode).toBe(400);
    expect((await client.get('/api/usage')).json().ai_assists).toBe(0);
  });

  it('the playground’s follow-up preview is a test message, refused past the allowance', async () => {
    const { client, agentId } = await person(3, 1);
    const preview = () =>
      client.post('/api/playground/follow-up-preview', {
        agentId,
        history: [
          { role: 'user', content: 'Quanto custa a torta de limão?' },
          { role: 'assistant', content: 'R$ 40 a inteira.' },
        ],
      });
    expect((await preview()).statusCode).toBe(200);
    expect((await client.get('/api/usage')).json()).toMatchObject({ test_messages: 1 });
    const refused = await preview();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(testAllowanceMessage(1));
  });

  it('reads of price lists are rate-limited per minute, in Portuguese', async () => {
    const { client } = await person(3, 100);
    const csv = Buffer.from('Produto;Preço\nBolo;10,00\n');
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) codes.push((await readList(client, csv, 'text/csv')).statusCode);
    expect(codes.slice(0, 20).every((c) => c === 200)).toBe(true);
    const limited = await readList(client, csv, 'text/csv');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe(
      'Muitas leituras de listas em pouco tempo. Aguarde um minuto e tente novamente.',
    );
  });
});
