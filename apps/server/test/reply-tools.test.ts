/**
 * Tool calls in the reply (docs/decisions/027-tool-calls-and-retrieved-context.md), over HTTP: the AI
 * may look the catalogue and the knowledge base up besides the retrieved facts, in the playground and
 * in the engine alike. With the demo AI (offline): a long message whose product falls out of the
 * retrieval query is answered from a lookup; another account's items are never found; AI_TOOL_CALLS=off
 * gives the retrieved facts only. With a fake OpenAI-compatible AI: the wire format (tools, tool_calls,
 * tool results), one call when the model calls no tool, the price guard after a lookup, and an endpoint
 * that refuses tools (asked again without, then never offered them again).
 */
import { PRICE_FALLBACK_DEFAULT } from '@vendai/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatStructuredReply } from '../src/domain/ai-reply/structured-reply.ts';
import {
  customerSays,
  type EngineApp,
  openShop,
  type Shop,
  sentToCustomers,
  waitFor,
} from './helpers/engine-harness.ts';
import { useEngineApp, waitEngineIdle } from './helpers/engine-test.ts';
import { askPlayground } from './helpers/playground-ask.ts';
import { createTestApp, type TestApp, type TestClient } from './helpers/test-app.ts';
import { createAgent, signedIn } from './training-helpers.ts';

/** More items than the catalogue given whole (15): the AI sees only the ones its words match. */
const SWEETS = [
  'Bolo de chocolate',
  'Bolo de cenoura',
  'Bolo de fubá',
  'Torta de limão',
  'Torta holandesa',
  'Pudim de leite',
  'Mousse de maracujá',
  'Pão de mel',
  'Quindim',
  'Cajuzinho',
  'Beijinho',
  'Bombom de morango',
  'Cocada cremosa',
  'Pavê de chocolate',
  'Empadão de frango',
  'Coxinha de frango',
];

async function fillCatalogue(client: TestClient, withBrigadeiro: boolean) {
  const names = withBrigadeiro ? [...SWEETS, 'Brigadeiro gourmet'] : SWEETS;
  for (const [i, name] of names.entries()) {
    const res = await client.post('/api/catalogue', {
      name,
      priceCents: name === 'Brigadeiro gourmet' ? 350 : 2000 + i * 100,
    });
    expect(res.statusCode, res.body).toBe(201);
  }
}

/**
 * Twelve other words before the product: the retrieval query keeps a message's first twelve words, so
 * the brigadeiro is not among the retrieved facts; the AI has to look it up.
 */
const LONG_QUESTION =
  'Oi, boa tarde! Estou organizando uma festa de aniversário surpresa para minha mãe no próximo sábado à noite, ' +
  'com primos, tios, avós e vizinhos, e queria saber quanto custa o brigadeiro gourmet?';

/**
 * One shop with the brigadeiro in its catalogue, built once for the tests of a describe that only read
 * its catalogue (a shop costs 1–3 s: docs/decisions/059-ci-time-test-passes.md). At most one of them
 * sends to its customers, so what reaches them is still that test's alone.
 */
function useShopWithBrigadeiro(e: EngineApp): () => Shop {
  let shop: Shop | undefined;
  beforeAll(async () => {
    shop = await openShop(e);
    await fillCatalogue(shop.client, true);
  });
  return () => shop!;
}

describe('with the demo AI', () => {
  const e = useEngineApp({ AI_PROVIDER: 'demo' });
  const withBrigadeiro = useShopWithBrigadeiro(e);

  it('the playground answers from the catalogue lookup and lists the item among the facts used', async () => {
    const shop = withBrigadeiro();
    const res = await askPlayground(shop, LONG_QUESTION);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().parts.join(' ')).toMatch(/^Brigadeiro gourmet: R\$ 3,50\./);
    expect(res.json().guard).toEqual({ retried: false, blocked: null });
    expect(res.json().factsUsed).toEqual([
      { kind: 'product', id: expect.any(String), label: 'Catálogo: Brigadeiro gourmet' },
    ]);
  });

  it('the engine sends the same answer on WhatsApp', async () => {
    const shop = withBrigadeiro();
    await customerSays(e, shop, LONG_QUESTION);
    await waitFor(async () => (await sentToCustomers(e, shop)).length > 0, 'the answer');
    await waitEngineIdle(e, shop);
    const sent = await sentToCustomers(e, shop);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toMatch(/^Brigadeiro gourmet: R\$ 3,50\./);
  });

  it('never finds another account’s items', async () => {
    // The other account is the shop with the brigadeiro.
    const shop: Shop = await openShop(e);
    await fillCatalogue(shop.client, false);
    const res = await askPlayground(shop, LONG_QUESTION);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().parts.join(' ')).not.toMatch(/Brigadeiro|3,50/);
    expect(res.json().factsUsed).toEqual([]);
  });
});

describe('with AI_TOOL_CALLS=off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { AI_TOOL_CALLS: 'off' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the demo AI answers from the retrieved facts only', async () => {
    const { client } = await signedIn(t);
    const agentId = await createAgent(client, 'Luna');
    await fillCatalogue(client, true);
    const ask = (text: string) =>
      client.post('/api/playground/reply', { agent_id: agentId, messages: [{ role: 'user', text }] });
    const res = await ask(LONG_QUESTION);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().parts.join(' ')).not.toContain('Brigadeiro gourmet: R$ 3,50');
    // A short question is retrieved as before.
    expect((await ask('Quanto custa o brigadeiro gourmet?')).json().parts.join(' ')).toMatch(
      /^Brigadeiro gourmet: R\$ 3,50\./,
    );
  });
});

describe('with an OpenAI-compatible AI', () => {
  const e = useEngineApp();
  const withBrigadeiro = useShopWithBrigadeiro(e);
  const reply = (text: string) =>
    formatStructuredReply({ reply: text, handoff: null, needsOwner: null, hotLead: false });
  type Sent = { role: string; content: string | null; tool_calls?: unknown[]; tool_call_id?: string };
  const messagesOf = (n: number) => e.llm.calls[n]!.body.messages as Sent[];

  /** The fake model looks the catalogue up first, then answers with `answer`. */
  function modelLooksUp(answer: string) {
    e.llm.respond = async (call) =>
      (call.body.messages as Sent[]).some((m) => m.role === 'tool')
        ? { content: reply(answer) }
        : {
            content: null,
            toolCalls: [{ id: 'call_1', name: 'buscar_catalogo', arguments: '{"consulta":"brigadeiro gourmet"}' }],
          };
  }

  it('a model that answers at once is asked once, with the tools offered', async () => {
    const shop = await openShop(e);
    e.llm.calls.length = 0;
    e.llm.respond = async () => ({ content: reply('Olá! Como posso ajudar?') });
    const res = await askPlayground(shop, 'Oi');
    expect(res.json().parts).toEqual(['Olá! Como posso ajudar?']);
    expect(e.llm.calls).toHaveLength(1);
    const body = e.llm.calls[0]!.body as { tools: { type: string; function: { name: string } }[]; tool_choice: string };
    expect(body.tools.map((t) => [t.type, t.function.name])).toEqual([
      ['function', 'buscar_catalogo'],
      ['function', 'buscar_conhecimento'],
    ]);
    expect(body.tool_choice).toBe('auto');
  });

  it('gives the lookup’s result back with the call id; the amount it found passes the price guard', async () => {
    const shop = withBrigadeiro();
    modelLooksUp('O brigadeiro gourmet sai por R$ 3,50 a unidade.');
    e.llm.calls.length = 0;
    const res = await askPlayground(shop, LONG_QUESTION);
    expect(res.json().parts).toEqual(['O brigadeiro gourmet sai por R$ 3,50 a unidade.']);
    expect(res.json().guard).toEqual({ retried: false, blocked: null });
    expect(res.json().factsUsed.map((f: { label: string }) => f.label)).toEqual(['Catálogo: Brigadeiro gourmet']);
    expect(e.llm.calls).toHaveLength(2);
    const [call, result] = messagesOf(1).slice(-2);
    expect(call).toMatchObject({
      role: 'assistant',
      tool_calls: [
        { id: 'call_1', type: 'function', function: { name: 'buscar_catalogo', arguments: expect.any(String) } },
      ],
    });
    expect(result!.role).toBe('tool');
    expect(result!.tool_call_id).toBe('call_1');
    expect(JSON.parse(result!.content!)).toEqual({
      resultados: [
        {
          fonte: 'Catálogo: Brigadeiro gourmet',
          texto: 'Brigadeiro gourmet (Produto) — R$ 3,50. Disponibilidade: Em estoque.',
        },
      ],
    });
  });

  it('an amount the model invents after a lookup is still held back; its second try sees the lookup', async () => {
    const shop = withBrigadeiro();
    modelLooksUp('O brigadeiro gourmet sai por R$ 4,00.');
    e.llm.calls.length = 0;
    const res = await askPlayground(shop, LONG_QUESTION);
    expect(res.json().parts).toEqual([PRICE_FALLBACK_DEFAULT]);
    expect(res.json().guard.retried).toBe(true);
    expect(e.llm.calls).toHaveLength(3);
    expect(e.llm.calls[2]!.body.tool_choice).toBe('none');
    expect(messagesOf(2).some((m) => m.role === 'tool')).toBe(true);
  });

  it('an endpoint that refuses tools is asked again without them, and not offered them again', async () => {
    const shop = await openShop(e);
    e.llm.respond = async (call) =>
      call.body.tools
        ? { status: 400, error: 'registry.ollama.ai/library/gemma:2b does not support tools' }
        : { content: reply('Olá! Como posso ajudar?') };
    e.llm.calls.length = 0;
    const first = await askPlayground(shop, 'Oi');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().parts).toEqual(['Olá! Como posso ajudar?']);
    expect(e.llm.calls.map((c) => 'tools' in c.body)).toEqual([true, false]);
    // The engine too: one call, without tools.
    e.llm.calls.length = 0;
    await customerSays(e, shop, 'Oi, tudo bem?');
    await waitFor(async () => (await sentToCustomers(e, shop)).length > 0, 'the answer');
    await waitEngineIdle(e, shop);
    expect((await sentToCustomers(e, shop)).map((m) => m.text)).toEqual(['Olá! Como posso ajudar?']);
    expect(e.llm.calls.map((c) => 'tools' in c.body)).toEqual([false]);
  });
});
