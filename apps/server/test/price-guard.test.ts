/**
 * The business's facts in the reply and the price guard (docs/decisions/025-catalogue-and-price-guard.md),
 * with a fake OpenAI-compatible AI: the request carries the catalogue with its sources; an invented price
 * is never shown — the AI is asked once more with the reason, then the agent's fallback text is used; a
 * right price (in figures or in words) passes; a discount the owner did not allow is held back.
 */
import { describe, expect, it } from 'vitest';
import { PRICE_FALLBACK_DEFAULT } from '@vendai/contracts';
import { FACTS_HEADING } from '../src/domain/facts/facts-block.ts';
import { eq } from 'drizzle-orm';
import { ownerAlerts } from '../src/db/schema/index.ts';
import { customerSays, openShop, sentToCustomers, type Shop, waitFor } from './helpers/engine-harness.ts';
import { useEngineApp } from './helpers/engine-test.ts';
import { aiAnswers, askPlayground, messagesSentToAi } from './helpers/playground-ask.ts';

const e = useEngineApp();

async function shopWithCatalogue(): Promise<Shop> {
  const shop = await openShop(e);
  for (const item of [
    { name: 'Bolo de chocolate', priceCents: 8000, unit: 'kg', options: [{ name: 'Com morango', priceCents: 9500 }] },
    { name: 'Kit festa', priceCents: 15000, allowsDiscount: false },
  ]) {
    const res = await shop.client.post('/api/catalogue', item);
    expect(res.statusCode).toBe(201);
  }
  return shop;
}

const ask = askPlayground;
const sentToAi = (n: number) => messagesSentToAi(e, n);
const answers = (...texts: string[]) => aiAnswers(e, ...texts);

describe('facts in the reply and the price guard', () => {
  it('gives the AI the catalogue with its sources and lets a catalogue price through', async () => {
    const shop = await shopWithCatalogue();
    answers('O bolo de chocolate sai por R$ 80,00 o kg. Com morango, noventa e cinco reais.');
    e.llm.calls.length = 0;
    const res = await ask(shop, 'Quanto custa o bolo de chocolate?');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().parts.join(' ')).toContain('R$ 80,00');
    expect(res.json().guard).toEqual({ retried: false, blocked: null });
    expect(res.json().factsUsed).toEqual([
      { kind: 'product', id: expect.any(String), label: 'Catálogo: Bolo de chocolate' },
    ]);
    expect(e.llm.calls).toHaveLength(1);
    const facts = sentToAi(0)[2]!;
    expect(facts.role).toBe('system');
    expect(facts.content).toContain(FACTS_HEADING);
    expect(facts.content).toContain('[Catálogo: Bolo de chocolate] Bolo de chocolate (Produto) — R$ 80,00 por kg.');
    expect(facts.content).toContain('Com morango: R$ 95,00');
  });

  it('asks again once with the reason when the AI invents a price, and sends the corrected answer', async () => {
    const shop = await shopWithCatalogue();
    answers('O kit festa sai por R$ 120.', 'O kit festa sai por R$ 150,00.');
    e.llm.calls.length = 0;
    const res = await ask(shop, 'E o kit festa?');
    expect(res.json().parts).toEqual(['O kit festa sai por R$ 150,00.']);
    expect(res.json().guard).toEqual({ retried: true, blocked: null });
    expect(e.llm.calls).toHaveLength(2);
    const retry = sentToAi(1);
    expect(retry.at(-2)).toEqual({ role: 'assistant', content: 'O kit festa sai por R$ 120.' });
    expect(retry.at(-1)!.content).toContain('R$ 120,00, que não está entre os preços do catálogo');
  });

  it('never shows an invented price: twice wrong → the agent’s fallback text', async () => {
    const shop = await shopWithCatalogue();
    answers('Fica cento e dez reais.', 'Fica R$ 110,00 então.');
    const res = await ask(shop, 'Quanto é o bolo?');
    expect(res.json().parts).toEqual([PRICE_FALLBACK_DEFAULT]);
    expect(res.json().guard.blocked).toContain('A IA tentou informar um preço que não está no catálogo (R$ 110,00)');

    // The owner's own fallback text for the agent.
    await shop.client.request({
      method: 'PUT',
      url: `/api/catalogue/agents/${shop.agentId}/price-guard`,
      payload: { fallbackText: 'Deixa eu ver com a confeiteira e já te falo!', allowsDiscounts: false },
    });
    answers('R$ 999');
    expect((await ask(shop, 'Quanto é o bolo?')).json().parts).toEqual([
      'Deixa eu ver com a confeiteira e já te falo!',
    ]);
  });

  it('holds back a discount the owner did not allow; allows it when the agent may give discounts', async () => {
    const shop = await shopWithCatalogue();
    answers('Consigo 10% de desconto no kit festa pra você!');
    expect((await ask(shop, 'Tem desconto?')).json().parts).toEqual([PRICE_FALLBACK_DEFAULT]);
    await shop.client.request({
      method: 'PUT',
      url: `/api/catalogue/agents/${shop.agentId}/price-guard`,
      payload: { fallbackText: PRICE_FALLBACK_DEFAULT, allowsDiscounts: true },
    });
    expect((await ask(shop, 'Tem desconto?')).json().parts).toEqual(['Consigo 10% de desconto no kit festa pra você!']);
  });

  it('archived items are no longer facts: their prices are held back', async () => {
    const shop = await shopWithCatalogue();
    const list = (await shop.client.get('/api/catalogue')).json().items as { id: string; name: string }[];
    const kit = list.find((i) => i.name === 'Kit festa')!;
    await shop.client.post(`/api/catalogue/${kit.id}/archive`, { archived: true });
    answers('O kit festa sai por R$ 150,00.');
    e.llm.calls.length = 0;
    const res = await ask(shop, 'E o kit festa?');
    expect(res.json().parts).toEqual([PRICE_FALLBACK_DEFAULT]);
    expect(sentToAi(0)[2]!.content).not.toContain('Kit festa');
  });

  it('on WhatsApp: a catalogue price reaches the customer; an invented one never does, the owner is alerted', async () => {
    const shop = await shopWithCatalogue();
    // The customer's chat only: the owner's alert goes out from the same number, by its own job.
    const toCustomer = async () =>
      (await sentToCustomers(e, shop)).filter((m) => m.remoteJid.startsWith('5511977770000'));
    answers('O bolo de chocolate custa R$ 80,00 o kg.');
    await customerSays(e, shop, 'Quanto custa o bolo de chocolate?');
    await waitFor(async () => (await toCustomer()).length === 1, 'the first answer');
    expect((await toCustomer())[0]!.text).toBe('O bolo de chocolate custa R$ 80,00 o kg.');
    expect(sentToAi(e.llm.calls.length - 1).some((m) => m.content.includes('[Catálogo: Bolo de chocolate]'))).toBe(
      true,
    );

    answers('Hoje faço por R$ 65!', 'Pra você, sessenta e cinco reais.');
    const before = e.llm.calls.length;
    await customerSays(e, shop, 'Faz mais barato?');
    await waitFor(async () => (await toCustomer()).length === 2, 'the second answer');
    const texts = (await toCustomer()).map((m) => m.text);
    expect(texts[1]).toBe(PRICE_FALLBACK_DEFAULT);
    expect(texts.join(' ')).not.toMatch(/65|sessenta e cinco/);
    expect(e.llm.calls.length - before).toBe(2);
    const alertsOf = () => e.t.database.db.select().from(ownerAlerts).where(eq(ownerAlerts.userId, shop.userId));
    await waitFor(async () => (await alertsOf()).length === 1, 'the owner alert');
    const [alert] = await alertsOf();
    expect(alert!.kind).toBe('needs_owner');
    expect(alert!.text).toContain('A IA tentou informar um preço que não está no catálogo (R$ 65,00)');
  });

  it('on WhatsApp: a true total for the quantity asked reaches the customer; an amount without R$ is read and held back', async () => {
    // docs/decisions/047-price-guard-amounts.md: two cakes at R$ 80,00 are R$ 160,00; 'sai por 46,90' is a price.
    const shop = await shopWithCatalogue();
    const toCustomer = async () =>
      (await sentToCustomers(e, shop)).filter((m) => m.remoteJid.startsWith('5511977770000'));
    answers('Os dois bolos de chocolate saem R$ 160,00, com 2 dias de antecedência.');
    await customerSays(e, shop, 'Quero 2 bolos de chocolate de 1 kg pro dia 12/12');
    await waitFor(async () => (await toCustomer()).length === 1, 'the total');
    expect((await toCustomer())[0]!.text).toBe(
      'Os dois bolos de chocolate saem R$ 160,00, com 2 dias de antecedência.',
    );

    answers('Pra você sai por 46,90 o kg.', 'Fica 46 e 90 o quilo.');
    await customerSays(e, shop, 'Faz mais barato?');
    await waitFor(async () => (await toCustomer()).length === 2, 'the second answer');
    expect((await toCustomer())[1]!.text).toBe(PRICE_FALLBACK_DEFAULT);
  });
});
