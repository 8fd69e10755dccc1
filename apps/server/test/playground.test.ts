import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAYGROUND } from '@vendai/contracts';
import { REPLY_CONTEXT_MESSAGES } from '../src/domain/ai-reply/reply-request.ts';
import { splitReply } from '../src/domain/ai-reply/split-reply.ts';
import {
  customerSays,
  type EngineApp,
  openShop,
  sentToCustomers,
  startEngineApp,
  waitFor,
} from './helpers/engine-harness.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { createAgent, signedIn } from './training-helpers.ts';

/** A long answer in three paragraphs: WhatsApp gets it as more than one message. */
const LONG_ANSWER = [
  `Olá! Que bom falar com você. ${'Nossos bolos são feitos na hora, com ingredientes frescos e muito carinho. '.repeat(5)}`,
  `Sobre os preços: ${'o bolo decorado começa em R$ 180 e serve 20 pessoas; o kit festa sai por R$ 150. '.repeat(4)}`,
  'Quer que eu te ajude a escolher o tema da festa?',
].join('\n\n');

describe('playground = the conversation engine (what the owner tests is what customers get)', () => {
  let e: EngineApp;
  beforeAll(async () => {
    e = await startEngineApp();
  });
  afterAll(async () => {
    await e?.close();
  });

  it('sends the AI the same request (prompt, history, model settings) and shows the same WhatsApp-sized parts', async () => {
    const shop = await openShop(e);
    // The answer's prices are the catalogue's (the price guard holds back any other amount, decision 025).
    await shop.client.post('/api/catalogue', { name: 'Bolo decorado', priceCents: 18000 });
    await shop.client.post('/api/catalogue', { name: 'Kit festa', priceCents: 15000 });
    e.llm.respond = async () => ({ content: LONG_ANSWER });
    const parts = splitReply(LONG_ANSWER);
    expect(parts.length).toBeGreaterThan(1);
    e.llm.calls.length = 0;

    // A customer on WhatsApp: two messages, two answers.
    await customerSays(e, shop, 'Oi, vocês fazem bolo de aniversário?');
    await waitFor(async () => (await sentToCustomers(e, shop)).length === parts.length, 'the first answer, in parts');
    await customerSays(e, shop, 'Quanto custa o bolo para 20 pessoas?');
    await waitFor(
      async () => (await sentToCustomers(e, shop)).length === 2 * parts.length,
      'the second answer, in parts',
    );
    const sent = (await sentToCustomers(e, shop)).map((m) => m.text);
    expect(e.llm.calls).toHaveLength(2);
    const engineRequest = e.llm.calls[1]!.body;

    // The owner plays the same conversation in the playground.
    const usageBefore = (await shop.client.get('/api/usage')).json().ai_messages;
    const res = await shop.client.post('/api/playground/reply', {
      agent_id: shop.agentId,
      messages: [
        { role: 'user', text: 'Oi, vocês fazem bolo de aniversário?' },
        ...sent.slice(0, parts.length).map((text) => ({ role: 'assistant', text })),
        { role: 'user', text: 'Quanto custa o bolo para 20 pessoas?' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(e.llm.calls).toHaveLength(3);
    // The same request, but for the context block's customer name (the playground has no customer)
    // and its clock (engine-context.test.ts checks the block itself).
    const withoutBlock = (body: unknown) => {
      const b = structuredClone(body) as { messages: { role: string; content: unknown }[] };
      b.messages.splice(1, 1);
      return b;
    };
    expect(withoutBlock(e.llm.calls[2]!.body)).toEqual(withoutBlock(engineRequest));
    expect(res.json().parts).toEqual(sent.slice(parts.length));
    // Not a customer message: the monthly AI messages do not move.
    expect((await shop.client.get('/api/usage')).json().ai_messages).toBe(usageBefore);
  });

  it('uses the engine’s history window: only the latest messages reach the AI', async () => {
    const shop = await openShop(e, { linkAgent: false });
    e.llm.calls.length = 0;
    e.llm.respond = async (_c, n) => ({ content: `Resposta da IA ${n}` });
    const messages = Array.from({ length: 31 }, (_, i) => ({
      role: i % 2 ? 'assistant' : 'user',
      text: `mensagem ${i + 1}`,
    }));
    const res = await shop.client.post('/api/playground/reply', { agent_id: shop.agentId, messages });
    expect(res.statusCode).toBe(200);
    expect(res.json().parts).toEqual([expect.stringMatching(/^Resposta da IA \d+$/)]);
    const sentMessages = e.llm.calls[0]!.messages;
    expect(sentMessages).toHaveLength(2 + REPLY_CONTEXT_MESSAGES);
    expect(sentMessages[0]).toEqual({ role: 'system', content: expect.stringContaining('Você é Luna') });
    expect(sentMessages.at(-1)).toEqual({ role: 'user', content: 'mensagem 31' });
  });

  it('a provider failure is a 502 (the page shows its error bubble), never an empty answer', async () => {
    const shop = await openShop(e, { linkAgent: false });
    e.llm.respond = async () => ({ status: 500 });
    try {
      const res = await shop.client.post('/api/playground/reply', {
        agent_id: shop.agentId,
        messages: [{ role: 'user', text: 'Oi' }],
      });
      expect(res.statusCode).toBe(502);
    } finally {
      e.llm.respond = async (_c, n) => ({ content: `Resposta da IA ${n}` });
    }
  });
});

describe('playground with the demo AI', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PLAYGROUND_RATE_LIMIT_PER_MINUTE: '4' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers like the demo engine, refuses bad input in Portuguese, and is rate-limited per user', async () => {
    const { client } = await signedIn(t);
    const id = await createAgent(client, 'Luna');
    const hello = await client.post('/api/playground/reply', {
      agent_id: id,
      messages: [{ role: 'user', text: 'Oi, boa tarde!' }],
    });
    expect(hello.statusCode).toBe(200);
    expect(hello.json().parts[0]).toMatch(/^Olá! Aqui é Luna/);

    const blank = await client.post('/api/playground/reply', {
      agent_id: id,
      messages: [{ role: 'user', text: '   ' }],
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe('Escreva uma mensagem.');
    const tooLong = await client.post('/api/playground/reply', {
      agent_id: id,
      messages: [{ role: 'user', text: 'a'.repeat(PLAYGROUND.messageMax + 1) }],
    });
    expect(tooLong.statusCode).toBe(400);

    // Another person has their own allowance.
    const other = await signedIn(t);
    const otherId = await createAgent(other.client, 'Sol');
    // Limit 4 a minute: the hello and three more (refused input never reached the AI and is not counted).
    for (let i = 0; i < 3; i++)
      expect(
        (
          await client.post('/api/playground/reply', {
            agent_id: id,
            messages: [{ role: 'user', text: 'Quanto custa?' }],
          })
        ).statusCode,
      ).toBe(200);
    const limited = await client.post('/api/playground/reply', {
      agent_id: id,
      messages: [{ role: 'user', text: 'Quanto custa?' }],
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe(
      'Muitas mensagens de teste em pouco tempo. Aguarde um minuto e tente novamente.',
    );
    expect(
      (
        await other.client.post('/api/playground/reply', {
          agent_id: otherId,
          messages: [{ role: 'user', text: 'Oi' }],
        })
      ).statusCode,
    ).toBe(200);
  });
});
