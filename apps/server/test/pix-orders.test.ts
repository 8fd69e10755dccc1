/**
 * Orders from the AI's answer (docs/decisions/038-pix-charges.md): the "pedido" field names catalogue
 * ids, options and quantities; VendAI prices it from the catalogue — never from the AI's text, even
 * when the AI states another amount — and sends one Pix. Items 'sob consulta' or unknown ids make no
 * charge. Then the demo AI, offline: 'quero…' → order → Pix → 'Pagar' → paid. On PGlite and PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema/index.ts';
import { customerSays, sentToCustomers, waitFor } from './helpers/engine-harness.ts';
import { useEngineApp, waitEngineIdle } from './helpers/engine-test.ts';
import { pixShop, pressOnBankPage, standinPaymentsOf } from './helpers/pix-helpers.ts';

const e = useEngineApp();

async function addItem(shop: Awaited<ReturnType<typeof pixShop>>['shop'], body: Record<string, unknown>) {
  const res = await shop.client.post('/api/catalogue', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

const ordersOf = (userId: string) => e.t.database.db.select().from(orders).where(eq(orders.userId, userId));

describe('orders from the AI', () => {
  it('charges the catalogue’s total when the AI states another amount; refuses unknown and unpriced items', async () => {
    const customer = { phone: '5511977775555', name: 'Fábio' };
    const { shop } = await pixShop(e, customer);
    const camiseta = await addItem(shop, {
      name: 'Camiseta básica',
      priceCents: 4990,
      options: [{ name: 'G', priceCents: 5990 }],
    });
    const bolo = await addItem(shop, { name: 'Bolo de festa', priceCents: null });
    let pedido: unknown = { itens: [{ id: camiseta, opcao: 'G', quantidade: 2 }] };
    e.llm.respond = async () => ({
      content: JSON.stringify({
        reply: 'Fechado! São só R$ 10,00 no total.',
        handoff: null,
        needs_owner: null,
        hot_lead: true,
        pedido,
      }),
    });
    await customerSays(e, shop, 'Quero duas camisetas G', customer);
    await waitFor(async () => (await ordersOf(shop.userId)).length === 1, 'the order');
    const [order] = await ordersOf(shop.userId);
    expect(order!.totalCents).toBe(11980);
    expect(order!.description).toBe('2x Camiseta básica (G)');
    await waitFor(
      async () => (await sentToCustomers(e, shop)).some((m) => m.text?.includes('Valor: R$ 119,80')),
      'the Pix with the catalogue’s total',
    );
    expect((await standinPaymentsOf(e, order!.id))[0]!.value_cents).toBe(11980);
    // 'Sob consulta' and ids not in the catalogue: no order.
    for (const bad of [
      { itens: [{ id: bolo, quantidade: 1 }] },
      { itens: [{ id: crypto.randomUUID(), quantidade: 1 }] },
    ]) {
      pedido = bad;
      await customerSays(e, shop, 'Quero esse também', customer);
      await waitEngineIdle(e, shop);
    }
    expect(await ordersOf(shop.userId)).toHaveLength(1);
  });
});

describe('the demo AI, offline', () => {
  const demo = useEngineApp({ AI_PROVIDER: 'demo' });
  it('goes from “quero” to paid inside the chat', async () => {
    const customer = { phone: '5511977776666', name: 'Gabi' };
    const { shop } = await pixShop(demo, customer);
    const res = await shop.client.post('/api/catalogue', {
      name: 'Camiseta básica',
      priceCents: 4990,
      options: [{ name: 'G', priceCents: 5990 }],
    });
    expect(res.statusCode).toBe(201);
    await customerSays(demo, shop, 'Quero 2 camisetas G, pode mandar o pix', customer);
    await waitFor(
      async () => (await sentToCustomers(demo, shop)).some((m) => m.text?.includes('Valor: R$ 119,80')),
      'the Pix',
      30_000,
    );
    const [order] = await demo.t.database.db.select().from(orders).where(eq(orders.userId, shop.userId));
    const [payment] = await standinPaymentsOf(demo, order!.id);
    await pressOnBankPage(shop, payment!.id, 'pagar');
    await waitFor(
      async () =>
        (await sentToCustomers(demo, shop)).some((m) => m.text?.startsWith('Pagamento de R$ 119,80 recebido')),
      'the confirmation',
    );
    // Resultados counts the order, the payment and the revenue; the CSV too (R$ with a decimal comma).
    const results = (await shop.client.get('/api/results?period=today')).json();
    expect(results.current.sales).toEqual({ orders: 1, paidOrders: 1, revenueCents: 11980, paidConversations: 1 });
    const csv = (await shop.client.get('/api/results/export.csv?period=today')).body.trimEnd().split('\r\n');
    expect(csv[0]).toMatch(/;Pedidos;Pedidos pagos;Receita recebida \(R\$\)$/);
    expect(csv[1]).toMatch(/;1;1;119,80$/);
  });
});
