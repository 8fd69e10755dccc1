/**
 * The business's facts kept once (docs/decisions/066-business-facts-in-one-place.md): Configurações
 * writes them through PUT /api/settings/business, GET answers them with the week in words (what the
 * training and Conhecimento show), and the next AI request's context block — a WhatsApp reply and the
 * playground — has exactly them; a change is in the very next request. Bad input is a Portuguese 400 and
 * changes nothing; another account sees none of it. PGlite and PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FACT_TEXT_TOO_LONG } from '@vendai/contracts';
import { FACTS_HEADING } from '../src/domain/ai-reply/context-block.ts';
import { customerSays, openShop, sentToCustomers, type Shop, waitFor } from './helpers/engine-harness.ts';
import { useEngineApp } from './helpers/engine-test.ts';

const e = useEngineApp();

const put = (shop: Shop, payload: Record<string, unknown>) =>
  shop.client.request({
    method: 'PUT',
    url: '/api/settings/business',
    payload: { timeZone: 'America/Sao_Paulo', ...payload },
  });

const WEEK = [null, ...Array(5).fill({ from: '08:00', to: '18:00' }), { from: '08:00', to: '13:00' }];

/** The context block (the second system message) of the AI request the customer's message caused. */
async function blockAfter(shop: Shop, text: string, replies: number): Promise<string> {
  const calls = e.llm.calls.length;
  await customerSays(e, shop, text);
  await waitFor(async () => (await sentToCustomers(e, shop)).length === replies, 'the reply');
  return e.llm.calls.slice(calls)[0]!.messages[1]!.content as string;
}

async function playgroundBlock(shop: Shop): Promise<string> {
  const res = await shop.client.post('/api/playground/reply', {
    agent_id: shop.agentId,
    messages: [{ role: 'user', text: 'Onde vocês ficam?' }],
  });
  expect(res.statusCode, res.body).toBe(200);
  return e.llm.calls.at(-1)!.messages[1]!.content as string;
}

describe('business facts: one place, read by the AI', () => {
  it('Configurações writes them once; the next AI request has them, and then the changed ones', async () => {
    const shop = await openShop(e);
    const saved = await put(shop, {
      hours: WEEK,
      hoursNote: 'Sábado só com hora marcada.',
      address: '  Rua das Flores, 120 — Vila Mariana, São Paulo  ',
      paymentMethods: 'Pix, dinheiro e cartão em até 3x',
      deliveryAreas: 'Vila Mariana, Moema e Saúde (taxa R$ 8)',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      hours: WEEK,
      hoursSummary: 'segunda a sexta 08:00–18:00; sábado 08:00–13:00; domingo fechado',
      facts: {
        hoursNote: 'Sábado só com hora marcada.',
        address: 'Rua das Flores, 120 — Vila Mariana, São Paulo',
        paymentMethods: 'Pix, dinheiro e cartão em até 3x',
        deliveryAreas: 'Vila Mariana, Moema e Saúde (taxa R$ 8)',
      },
    });
    expect((await shop.client.get('/api/settings/business')).json()).toEqual(saved.json());

    const first = await blockAfter(shop, 'Qual o endereço?', 1);
    const facts = first.slice(first.indexOf(FACTS_HEADING)).split('\n');
    expect(facts).toEqual([
      FACTS_HEADING,
      '- Horário de atendimento: segunda a sexta 08:00–18:00; sábado 08:00–13:00; domingo fechado. Sábado só com hora marcada.',
      '- Endereço: Rua das Flores, 120 — Vila Mariana, São Paulo',
      '- Formas de pagamento: Pix, dinheiro e cartão em até 3x',
      '- Áreas de entrega: Vila Mariana, Moema e Saúde (taxa R$ 8)',
    ]);
    expect(await playgroundBlock(shop)).toContain('- Endereço: Rua das Flores, 120 — Vila Mariana, São Paulo');

    // The owner changes the hours and the address, removes the delivery areas, leaves the rest as it was.
    const changed = await put(shop, {
      hours: [null, ...Array(6).fill({ from: '09:00', to: '17:00' })],
      address: 'Av. Paulista, 1000',
      deliveryAreas: '',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const next = await blockAfter(shop, 'E agora, onde fica?', 2);
    expect(next).toContain(
      '- Horário de atendimento: segunda a sábado 09:00–17:00; domingo fechado. Sábado só com hora marcada.',
    );
    expect(next).toContain('- Endereço: Av. Paulista, 1000');
    expect(next).toContain('- Formas de pagamento: Pix, dinheiro e cartão em até 3x');
    expect(next).not.toContain('Rua das Flores');
    expect(next).not.toContain('Áreas de entrega');
    expect(await playgroundBlock(shop)).toContain('- Endereço: Av. Paulista, 1000');
  });

  it('bad input is a Portuguese 400 and changes nothing; another account sees none of it', async () => {
    const shop = await openShop(e);
    expect((await put(shop, { address: 'Rua A, 1' })).statusCode).toBe(200);
    const long = await put(shop, { address: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe(FACT_TEXT_TOO_LONG);
    expect(long.json().error.fields).toMatchObject({ address: FACT_TEXT_TOO_LONG });
    const wrong = await put(shop, { paymentMethods: 42 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('Texto inválido.');
    expect((await shop.client.get('/api/settings/business')).json().facts).toEqual({
      hoursNote: null,
      address: 'Rua A, 1',
      paymentMethods: null,
      deliveryAreas: null,
    });

    const other = await openShop(e);
    const theirs = (await other.client.get('/api/settings/business')).json();
    expect(theirs).toMatchObject({
      hours: null,
      hoursSummary: null,
      facts: { hoursNote: null, address: null, paymentMethods: null, deliveryAreas: null },
    });
    expect(await playgroundBlock(other)).not.toContain(FACTS_HEADING);
  });

  it('older texts the move to one place kept are listed until the owner dismisses them; only the account’s own', async () => {
    const shop = await openShop(e);
    const other = await openShop(e);
    // What drizzle/0053_business-facts.sql leaves: every text found, the newest of each topic kept as the fact.
    const moved = [
      {
        from: 'faq',
        topic: 'address',
        question: 'Onde fica?',
        answer: 'Rua Nova, 5',
        at: '2026-10-02T10:00:00Z',
        kept: true,
      },
      {
        from: 'training',
        topic: 'address',
        question: 'Qual o endereço?',
        answer: 'Rua Velha, 9',
        at: '2026-09-01T10:00:00Z',
        kept: false,
      },
      {
        from: 'faq',
        topic: 'payment',
        question: 'Aceita cartão?',
        answer: 'Só Pix e dinheiro',
        at: '2026-09-20T10:00:00Z',
        kept: false,
      },
    ];
    for (const s of [shop, other])
      await e.t.database.db.execute(sql`
        insert into business_hours (user_id, address, moved_texts) values (${s.userId}, 'Rua Nova, 5', ${JSON.stringify(moved)}::jsonb)
        on conflict (user_id) do update set address = excluded.address, moved_texts = excluded.moved_texts`);
    const older = [
      {
        from: 'faq',
        topic: 'payment',
        question: 'Aceita cartão?',
        answer: 'Só Pix e dinheiro',
        at: '2026-09-20T10:00:00Z',
      },
      {
        from: 'training',
        topic: 'address',
        question: 'Qual o endereço?',
        answer: 'Rua Velha, 9',
        at: '2026-09-01T10:00:00Z',
      },
    ];
    expect((await shop.client.get('/api/settings/business')).json().movedTexts).toEqual(older);

    const dismissed = await shop.client.request({ method: 'DELETE', url: '/api/settings/business/moved-texts' });
    expect(dismissed.statusCode).toBe(204);
    const after = (await shop.client.get('/api/settings/business')).json();
    expect(after.movedTexts).toEqual([]);
    expect(after.facts.address).toBe('Rua Nova, 5');
    // The other account's list is its own.
    expect((await other.client.get('/api/settings/business')).json().movedTexts).toEqual(older);
  });
});
