/**
 * The knowledge base in the reply (docs/decisions/025-catalogue-and-price-guard.md, section
 * Conhecimento), with a fake OpenAI-compatible AI: the FAQ entry matching the customer's question
 * reaches the AI with its source, the playground lists it among the facts used, and an amount the
 * owner wrote in an answer or a document passes the price guard (an invented one still does not).
 */
import { describe, expect, it } from 'vitest';
import { PRICE_FALLBACK_DEFAULT } from '@vendai/contracts';
import { FACTS_HEADING } from '../src/domain/facts/facts-block.ts';
import { eq } from 'drizzle-orm';
import { conversations } from '../src/db/schema/index.ts';
import { formatStructuredReply } from '../src/domain/ai-reply/structured-reply.ts';
import { customerSays, openShop, type Shop } from './helpers/engine-harness.ts';
import { useEngineApp, waitEngineIdle } from './helpers/engine-test.ts';
import { aiAnswers, askPlayground, messagesSentToAi } from './helpers/playground-ask.ts';

const e = useEngineApp();

async function shopWithFaq(): Promise<Shop> {
  const shop = await openShop(e);
  for (const [question, answer] of [
    ['Vocês fazem entregas?', 'Entregamos em toda a cidade; a taxa de entrega é R$ 12,50.'],
    ['Qual o horário de funcionamento?', 'De segunda a sábado, das 9h às 18h.'],
  ]) {
    const res = await shop.client.post('/api/knowledge/faqs', { question, answer });
    expect(res.statusCode, res.body).toBe(201);
  }
  return shop;
}

const ask = askPlayground;
const sentToAi = (n: number) => messagesSentToAi(e, n);
const answers = (...texts: string[]) => aiAnswers(e, ...texts);

describe('knowledge in the reply', () => {
  it('gives the AI the matching FAQ entry with its source and lets its amount through the price guard', async () => {
    const shop = await shopWithFaq();
    answers('Entregamos sim! A taxa de entrega é R$ 12,50.');
    e.llm.calls.length = 0;
    const res = await ask(shop, 'Vcs entregam no centro? Qual a taxa?');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().parts.join(' ')).toBe('Entregamos sim! A taxa de entrega é R$ 12,50.');
    expect(res.json().guard).toEqual({ retried: false, blocked: null });
    expect(res.json().factsUsed).toEqual([
      { kind: 'passage', id: expect.any(String), label: 'Perguntas frequentes: Vocês fazem entregas?' },
    ]);
    expect(e.llm.calls).toHaveLength(1);
    const facts = sentToAi(0).find((m) => m.role === 'system' && m.content.includes(FACTS_HEADING))!;
    expect(facts.content).toContain(
      '- [Perguntas frequentes: Vocês fazem entregas?] Entregamos em toda a cidade; a taxa de entrega é R$ 12,50.',
    );
    expect(facts.content).not.toContain('horário');
  });

  it('gives the AI a document’s passage with its source, and lets the passage’s amount through the guard', async () => {
    const shop = await openShop(e);
    const doc = await shop.client.post('/api/knowledge/documents', {
      title: 'Política de entregas',
      kind: 'page',
      text:
        'Entregamos em Belo Horizonte e Contagem de terça a sábado.\n\n' +
        'Para pedidos abaixo de R$ 200,00 a taxa de entrega é R$ 18,00; acima disso a entrega é grátis.',
    });
    expect(doc.statusCode, doc.body).toBe(201);
    answers('Para Contagem a taxa de entrega é R$ 18,00.');
    e.llm.calls.length = 0;
    const res = await ask(shop, 'Qual a taxa de entregas pra Contagem?');
    expect(res.json().parts.join(' ')).toBe('Para Contagem a taxa de entrega é R$ 18,00.');
    expect(res.json().guard).toEqual({ retried: false, blocked: null });
    expect(res.json().factsUsed).toEqual([
      { kind: 'passage', id: expect.any(String), label: 'Documento: Política de entregas' },
    ]);
    const facts = sentToAi(0).find((m) => m.role === 'system' && m.content.includes(FACTS_HEADING))!;
    expect(facts.content).toContain(
      '- [Documento: Política de entregas] Entregamos em Belo Horizonte e Contagem de terça a sábado. Para pedidos',
    );

    // An amount in no passage is still held back; a deleted document's amounts are no longer allowed.
    answers('A taxa de entrega é R$ 25,00.');
    expect((await ask(shop, 'Qual a taxa de entrega?')).json().parts).toEqual([PRICE_FALLBACK_DEFAULT]);
    await shop.client.request({ method: 'DELETE', url: `/api/knowledge/documents/${doc.json().id}` });
    answers('A taxa de entrega é R$ 18,00.');
    expect((await ask(shop, 'Qual a taxa de entrega?')).json().parts).toEqual([PRICE_FALLBACK_DEFAULT]);
  });

  it('still holds back an amount that is in no answer, and drops a deleted entry’s amounts', async () => {
    const shop = await shopWithFaq();
    answers('A taxa de entrega é R$ 15,00.');
    expect((await ask(shop, 'Qual a taxa de entrega?')).json().parts).toEqual([PRICE_FALLBACK_DEFAULT]);

    const list = (await shop.client.get('/api/knowledge/faqs')).json().items as { id: string; question: string }[];
    const delivery = list.find((f) => f.question === 'Vocês fazem entregas?')!;
    await shop.client.request({ method: 'DELETE', url: `/api/knowledge/faqs/${delivery.id}` });
    answers('A taxa de entrega é R$ 12,50.');
    expect((await ask(shop, 'Qual a taxa de entrega?')).json().parts).toEqual([PRICE_FALLBACK_DEFAULT]);
  });

  it('learns from a handoff: the owner’s answer becomes a proposed entry, accepted in one click; a takeover does not', async () => {
    const shop = await openShop(e);
    e.llm.respond = async () => ({
      content: formatStructuredReply({
        reply: 'Vou chamar alguém da equipe para te responder.',
        handoff: { reason: 'Entrega fora da cidade' },
        needsOwner: null,
        hotLead: false,
      }),
    });
    await customerSays(e, shop, 'Vocês entregam em Contagem?', { phone: '5511977772222', name: 'Ana' });
    await waitEngineIdle(e, shop);
    const db = e.t.database.db;
    const [conv] = await db.select().from(conversations).where(eq(conversations.numberId, shop.number.id));
    expect(conv!.handoffReason).toBe('Entrega fora da cidade');

    const owner = (text: string) => shop.client.post(`/api/conversations/${conv!.id}/messages`, { text });
    expect((await owner('Entregamos sim, a taxa para Contagem é R$ 25.')).statusCode).toBe(201);
    expect((await owner('Qualquer coisa me chama!')).statusCode).toBe(201);
    const list = (await shop.client.get('/api/knowledge/faqs')).json();
    expect(list.items).toEqual([]);
    expect(list.proposed).toEqual([
      expect.objectContaining({
        question: 'Vocês entregam em Contagem?',
        answer: 'Entregamos sim, a taxa para Contagem é R$ 25.',
        status: 'proposed',
      }),
    ]);

    // Proposed: not yet a fact — its amount is still held back.
    answers('A taxa para Contagem é R$ 25.');
    expect((await ask(shop, 'Qual a taxa de entrega para Contagem?')).json().parts).toEqual([PRICE_FALLBACK_DEFAULT]);
    // Accepted (saved as it is): the AI reads it and may quote it.
    const { id, question, answer } = list.proposed[0];
    const accepted = await shop.client.request({
      method: 'PUT',
      url: `/api/knowledge/faqs/${id}`,
      payload: { question, answer },
    });
    expect(accepted.json().status).toBe('active');
    const res = await ask(shop, 'Qual a taxa de entrega para Contagem?');
    expect(res.json().parts).toEqual(['A taxa para Contagem é R$ 25.']);
    expect(res.json().factsUsed.map((f: { label: string }) => f.label)).toEqual([
      'Perguntas frequentes: Vocês entregam em Contagem?',
    ]);

    // A conversation the owner simply took over (no handoff) teaches nothing.
    e.llm.respond = async () => ({ content: 'Oi! Como posso ajudar?' });
    await customerSays(e, shop, 'Vocês abrem domingo?', { phone: '5511977773333', name: 'Bia' });
    await waitEngineIdle(e, shop);
    const other = (await db.select().from(conversations).where(eq(conversations.numberId, shop.number.id))).find(
      (c) => c.id !== conv!.id,
    )!;
    expect(
      (await shop.client.post(`/api/conversations/${other.id}/messages`, { text: 'Abrimos sim!' })).statusCode,
    ).toBe(201);
    expect((await shop.client.get('/api/knowledge/faqs')).json().proposed).toEqual([]);
  });
});
