/**
 * 'Testes do assistente' against an OpenAI-compatible endpoint (a fake one on 127.0.0.1 that records every
 * request; docs/decisions/039-agent-tests.md): each kind of check passing and failing, the judge as the
 * cheapest configured model (decision 065) and its 3-run pass rate, a scripted multi-turn customer, the gate's draft-against-live
 * comparison, nothing sent to WhatsApp, and 'Adicionar aos testes' from a real inbox message.
 */
import type { AgentTestRun } from '@vendai/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../src/db/schema/index.ts';
import {
  customerSays,
  type EngineApp,
  type LlmCall,
  openShop,
  sentToCustomers,
  type Shop,
  startEngineApp,
  waitFor,
} from './helpers/engine-harness.ts';

/**
 * The judge is the cheapest configured chat model by AI_MODEL_PRICES (docs/decisions/065-agent-tabs-hints-and-judge.md):
 * here the vision model on the same endpoint, cheaper than the reply model and than AI_JUDGE_MODEL.
 */
const JUDGE_MODEL = 'juiz-barato';
const PRICEY_JUDGE = 'juiz-caro';
let e: EngineApp;
beforeAll(async () => {
  e = await startEngineApp({
    AI_JUDGE_MODEL: PRICEY_JUDGE,
    MEDIA_VISION_MODEL: JUDGE_MODEL,
    AI_MODEL_PRICES: `openai/gpt-oss-120b=0.15/0.60,${PRICEY_JUDGE}=2.50/10.00,${JUDGE_MODEL}=0.05/0.20`,
    AGENT_TESTS_RATE_LIMIT_PER_MINUTE: '100',
  });
});
afterAll(async () => {
  await e?.close();
});

const base = (shop: Shop) => `/api/agent-tests/${shop.agentId}`;
const answer = (reply: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ reply, handoff: null, needs_owner: null, hot_lead: false, ...extra });
const lastCustomerText = (call: LlmCall) => call.messages.filter((m) => m.role === 'user').at(-1)?.content ?? '';
const systemPrompt = (call: LlmCall) => call.messages[0]?.content ?? '';

async function addCase(shop: Shop, title: string, turns: string[], expectation: object = {}) {
  const res = await shop.client.post(`${base(shop)}/cases`, { title, kind: 'outro', turns, expectation });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

async function run(shop: Shop, body: object = {}): Promise<AgentTestRun> {
  const started = await shop.client.post(`${base(shop)}/runs`, body);
  expect(started.statusCode).toBe(202);
  let current: AgentTestRun | undefined;
  await waitFor(
    async () => {
      current = (await shop.client.get(`${base(shop)}/runs/${started.json().id}`)).json();
      return current!.status === 'done' || current!.status === 'failed';
    },
    'the run to finish',
    60_000,
  );
  return current!;
}

const byTitle = (r: AgentTestRun, title: string, arm = 'live') =>
  r.results.find((x) => x.title === title && x.arm === arm)!;

/** The fake model: answers by the customer's last message (and the prompt under test); the judge by model. */
function fakeModel(judge: (call: LlmCall, n: number) => boolean = () => true) {
  let judged = 0;
  e.llm.respond = async (call) => {
    if (call.body.model === JUDGE_MODEL) {
      const ok = judge(call, judged++);
      return { content: JSON.stringify({ aprovado: ok, motivo: ok ? 'Ótima resposta.' : 'Não responde o cliente.' }) };
    }
    const text = lastCustomerText(call);
    const draft = systemPrompt(call).includes('RASCUNHO');
    if (text.includes('Pix'))
      return { content: answer(draft ? 'Aceitamos cartão.' : 'Aceitamos Pix, sim! Quer fazer o pedido?') };
    if (text.includes('preço')) return { content: answer('O bolo sai por R$ 99,00.') };
    if (text.includes('gerente')) return { content: answer('Claro!', draft ? { handoff: { reason: 'pediu' } } : {}) };
    if (text.includes('comprar')) return { content: answer('Perfeito, vou separar!', { hot_lead: true }) };
    return { content: answer(`Resposta para: ${text}`) };
  };
}

describe('checks against a real endpoint', () => {
  it('each kind of check passes and fails as the reply deserves; nothing reaches WhatsApp', async () => {
    const shop = await openShop(e);
    await shop.client.post('/api/catalogue', { name: 'Bolo decorado', priceCents: 18000 });
    fakeModel();
    await addCase(shop, 'Pix', ['Aceita Pix?'], { mustContain: ['pix'], maxLength: 100 });
    await addCase(shop, 'Boleto', ['Aceita Pix?'], { mustContain: ['boleto'], mustNotContain: ['pix'] });
    await addCase(shop, 'Curta', ['Aceita Pix?'], { maxLength: 20 });
    await addCase(shop, 'Preço inventado', ['Qual o preço do bolo?'], {});
    await addCase(shop, 'Gerente', ['Quero o gerente'], { handoff: true });
    await addCase(shop, 'Pronto', ['Quero comprar'], { hotLead: true, handoff: false });
    e.llm.calls.length = 0;
    const r = await run(shop);
    expect(r.status).toBe('done');
    const failedLabels = (title: string) =>
      byTitle(r, title)
        .attempts[0]!.checks.filter((c) => !c.passed)
        .map((c) => c.label);
    expect(byTitle(r, 'Pix').status).toBe('passed');
    expect(failedLabels('Boleto')).toEqual(['Deve conter “boleto”', 'Não pode conter “pix”']);
    expect(failedLabels('Curta')).toEqual(['No máximo 20 caracteres']);
    // R$ 99 is not in the catalogue: the price guard asked again, then held the answer back; the check says so.
    const invented = byTitle(r, 'Preço inventado');
    expect(invented.status).toBe('failed');
    expect(invented.attempts[0]!.checks.find((c) => !c.passed)!.detail).toContain('R$ 99,00');
    expect(failedLabels('Gerente')).toEqual(['Passa o atendimento para uma pessoa']);
    expect(byTitle(r, 'Pronto')).toMatchObject({ status: 'passed' });
    expect(byTitle(r, 'Pronto').attempts[0]!.flags.hotLead).toBe(true);
    expect(r.passedLive).toBe(2);
    // Nothing went to the customer side: the gateway sent nothing, no conversation was made.
    expect(await sentToCustomers(e, shop)).toEqual([]);
    const stored = await e.t.database.db.select().from(messages).where(eq(messages.userId, shop.userId));
    expect(stored).toEqual([]);
    // The reply requests were the engine's (the agent's prompt with the answer format) with the reply model.
    expect(e.llm.calls.every((c) => c.body.model !== JUDGE_MODEL)).toBe(true);
    expect(systemPrompt(e.llm.calls[0]!)).toContain('Você é Luna');
    expect(systemPrompt(e.llm.calls[0]!)).toContain('FORMATO DA RESPOSTA');
  });

  it('the judge is the cheapest configured model; a judged case runs 3 times and reports how often it passed', async () => {
    const shop = await openShop(e);
    // The judge passes 2 of every 3 replies of the first case, and never the second's.
    fakeModel((call, n) => !lastCustomerText(call).includes('horário') && n % 3 !== 2);
    await addCase(shop, 'Entrega', ['Vocês entregam?'], { rubric: 'Responde o que o cliente perguntou.' });
    await addCase(shop, 'Horário', ['Qual o horário?'], { rubric: 'Diz o horário de funcionamento.' });
    e.llm.calls.length = 0;
    const r = await run(shop);
    expect(byTitle(r, 'Entrega')).toMatchObject({ status: 'passed', passes: 2, runs: 3 });
    expect(byTitle(r, 'Horário')).toMatchObject({ status: 'failed', passes: 0, runs: 3 });
    expect(byTitle(r, 'Horário').attempts[0]!.checks.at(-1)).toMatchObject({
      kind: 'juiz',
      passed: false,
      detail: 'Não responde o cliente.',
    });
    const judgeCalls = e.llm.calls.filter((c) => c.body.model === JUDGE_MODEL);
    expect(judgeCalls).toHaveLength(6);
    const judgeInput = judgeCalls[0]!.messages[1]!.content;
    expect(judgeInput).toContain('CRITÉRIOS:\nResponde o que o cliente perguntou.');
    expect(judgeInput).toContain('- Vocês entregam?');
    expect(judgeInput).toContain('RESPOSTA DO ASSISTENTE:\nResposta para: Vocês entregam?');
    expect(e.llm.calls.filter((c) => c.body.model !== JUDGE_MODEL)).toHaveLength(6);
    expect(e.llm.calls.filter((c) => c.body.model === PRICEY_JUDGE)).toHaveLength(0);
  });

  it('a scripted customer: every turn is answered with the conversation so far, the last reply is checked', async () => {
    const shop = await openShop(e);
    fakeModel();
    await addCase(shop, 'Conversa', ['Oi', 'Aceita Pix?', 'Quero comprar'], {
      hotLead: true,
      mustContain: ['separar'],
    });
    e.llm.calls.length = 0;
    const r = await run(shop);
    const result = byTitle(r, 'Conversa');
    expect(result.status).toBe('passed');
    expect(result.attempts[0]!.replies).toEqual([
      'Resposta para: Oi',
      'Aceitamos Pix, sim! Quer fazer o pedido?',
      'Perfeito, vou separar!',
    ]);
    const third = e.llm.calls[2]!.messages.filter((m) => m.role !== 'system').map((m) => [m.role, m.content]);
    expect(third).toEqual([
      ['user', 'Oi'],
      ['assistant', 'Resposta para: Oi'],
      ['user', 'Aceita Pix?'],
      ['assistant', 'Aceitamos Pix, sim! Quer fazer o pedido?'],
      ['user', 'Quero comprar'],
    ]);
  });
});

describe('the gate before publishing', () => {
  it('runs the draft beside the live prompt and says which answers got better and worse', async () => {
    const shop = await openShop(e);
    fakeModel();
    const pix = await addCase(shop, 'Pix', ['Aceita Pix?'], { mustContain: ['pix'] });
    const manager = await addCase(shop, 'Gerente', ['Quero o gerente'], { handoff: true });
    await addCase(shop, 'Oi', ['Oi'], {});
    const live = (await e.t.database.db.execute(
      sql`select system_prompt from agentes where id = ${shop.agentId}`,
    )) as unknown as {
      rows: { system_prompt: string }[];
    };
    const r = await run(shop, { draftPrompt: `${live.rows[0]!.system_prompt}\nRASCUNHO: nunca fale de Pix.` });
    expect(r).toMatchObject({ trigger: 'gate', hasDraft: true, cases: 3, total: 6, passedLive: 2, passedDraft: 2 });
    expect(r.worse).toEqual([pix]);
    expect(r.better).toEqual([manager]);
    // The draft was only tested: the saved prompt is the same.
    const after = (await e.t.database.db.execute(
      sql`select system_prompt from agentes where id = ${shop.agentId}`,
    )) as unknown as {
      rows: { system_prompt: string }[];
    };
    expect(after.rows[0]!.system_prompt).toBe(live.rows[0]!.system_prompt);
  });
});

describe('Adicionar aos testes', () => {
  it('turns a real customer message from the inbox into a case, once', async () => {
    const shop = await openShop(e);
    fakeModel();
    await customerSays(e, shop, 'Vocês fazem bolo sem glúten?');
    let messageId = '';
    await waitFor(async () => {
      const [m] = await e.t.database.db
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.userId, shop.userId), eq(messages.direction, 'in')));
      messageId = m?.id ?? '';
      return !!m;
    }, 'the customer message stored');
    const res = await shop.client.post(`${base(shop)}/cases/from-message`, { messageId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ source: 'inbox', turns: ['Vocês fazem bolo sem glúten?'], kind: 'outro' });
    expect(res.json().expectation.rubric).toContain('Responde o que o cliente perguntou.');
    const again = await shop.client.post(`${base(shop)}/cases/from-message`, { messageId });
    expect(again.json().id).toBe(res.json().id);
    expect((await shop.client.get(`${base(shop)}/cases`)).json()).toHaveLength(1);
    // The agent's own answer is not a customer message.
    await waitFor(async () => (await sentToCustomers(e, shop)).length > 0, 'the engine answered');
    const [out] = await e.t.database.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.userId, shop.userId), eq(messages.direction, 'out')));
    const refused = await shop.client.post(`${base(shop)}/cases/from-message`, { messageId: out!.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain('mensagens de texto recebidas');
  });
});
