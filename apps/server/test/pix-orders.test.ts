/**
 * Orders from the AI's answer (docs/decisions/038-pix-charges.md): the "pedido" field names catalogue
 * ids, options and quantities; VendAI prices it from the catalogue — never from the AI's text, even
 * when the AI states another amount — and sends one Pix. Unknown ids, and items 'sob consulta' without
 * an amount, make no charge; an item 'sob consulta' with the AI's amount makes an order that waits for
 * the owner (alerted), who confirms — editing the amount — or declines it in the inbox; only then is it
 * charged, once. Then the demo AI, offline: 'quero…' → order → Pix → 'Pagar' → paid. On PGlite and PostgreSQL.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, ownerAlerts } from '../src/db/schema/index.ts';
import { NO_PIX_INSTRUCTION } from '../src/domain/ai-reply/structured-reply.ts';
import { AI_ORDERS_PER_CONVERSATION_PER_DAY } from '../src/domain/orders/ai-order.ts';
import { customerSays, openShop, sentToCustomers, waitFor } from './helpers/engine-harness.ts';
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

describe('the AI promises only what the account can do (docs/decisions/046-one-door-out.md)', () => {
  const alertsOf = (userId: string) => e.t.database.db.select().from(ownerAlerts).where(eq(ownerAlerts.userId, userId));

  it('without a Pix provider: no Pix promised, nothing charged, the owner told the customer wants to pay', async () => {
    const customer = { phone: '5511977771212', name: 'Renata' };
    const shop = await openShop(e);
    const camiseta = await addItem(shop, {
      name: 'Camiseta básica',
      priceCents: 4990,
      options: [{ name: 'G', priceCents: 5990 }],
    });
    const systems: string[] = [];
    e.llm.respond = async (call) => {
      systems.push(call.messages[0]!.content);
      return {
        content: JSON.stringify({
          reply: 'Perfeito! A equipe já vai te enviar os dados de pagamento por aqui.',
          handoff: null,
          needs_owner: null,
          hot_lead: true,
          pedido: { itens: [{ id: camiseta, opcao: 'G', quantidade: 2 }] },
        }),
      };
    };
    await customerSays(e, shop, 'Quero duas camisetas G', customer);
    await waitFor(async () => (await alertsOf(shop.userId)).length === 1, 'the owner alerted');
    await waitEngineIdle(e, shop);
    // The request told the AI the business sends the payment details, and never that a Pix comes.
    expect(systems[0]).toContain(NO_PIX_INSTRUCTION);
    expect(systems[0]).not.toContain('envia o Pix');
    expect(await ordersOf(shop.userId)).toHaveLength(0);
    const [alert] = await alertsOf(shop.userId);
    expect(alert!.kind).toBe('needs_owner');
    expect(alert!.text).toContain('Quer pagar: 2x Camiseta básica (G) (R$ 119,80). Sem Pix automático');
  });

  it('with a Pix provider, an order that does not match the catalogue alerts the owner to charge it', async () => {
    const customer = { phone: '5511977771313', name: 'Otávio' };
    const { shop } = await pixShop(e, customer);
    const systems: string[] = [];
    e.llm.respond = async (call) => {
      systems.push(call.messages[0]!.content);
      return {
        content: JSON.stringify({
          reply: 'Fechado! Já te mando o Pix.',
          handoff: null,
          needs_owner: null,
          hot_lead: true,
          pedido: { itens: [{ id: crypto.randomUUID(), quantidade: 1 }] },
        }),
      };
    };
    await customerSays(e, shop, 'Quero aquele kit', customer);
    await waitFor(
      async () => (await alertsOf(shop.userId)).some((a) => a.text.includes('não bate com o catálogo')),
      'the owner alerted',
    );
    expect(systems.at(-1)).toContain('o sistema calcula o total pelos preços do catálogo e envia o Pix');
    expect(await ordersOf(shop.userId)).toHaveLength(0);
  });
});

describe('orders with an item “sob consulta”', () => {
  it('waits for the owner: alert, Confirmar e cobrar with an edited amount charges once; Recusar charges nothing', async () => {
    const customer = { phone: '5511977778888', name: 'Helena' };
    const { shop } = await pixShop(e, customer);
    const camiseta = await addItem(shop, { name: 'Camiseta básica', priceCents: 4990 });
    const bolo = await addItem(shop, { name: 'Bolo de festa', priceCents: null });
    // The AI states an amount for both: the priced item keeps its catalogue price; the cake's is a proposal.
    let pedido: unknown = {
      itens: [
        { id: camiseta, quantidade: 2, valor: 1 },
        { id: bolo, quantidade: 1, valor: '150,00' },
      ],
    };
    e.llm.respond = async () => ({
      content: JSON.stringify({
        reply: 'Anotado! Vou confirmar o valor do bolo e já te mando o Pix.',
        handoff: null,
        needs_owner: null,
        hot_lead: true,
        pedido,
      }),
    });
    await customerSays(e, shop, 'Quero o bolo de festa e duas camisetas', customer);
    await waitFor(async () => (await ordersOf(shop.userId)).length === 1, 'the order');
    await waitEngineIdle(e, shop);
    const [order] = await ordersOf(shop.userId);
    expect(order!.status).toBe('awaiting_owner');
    expect(order!.lines).toEqual([
      { itemId: camiseta, name: 'Camiseta básica', option: null, quantity: 2, unitCents: 4990 },
      { itemId: bolo, name: 'Bolo de festa', option: null, quantity: 1, unitCents: 15000, proposed: true },
    ]);
    expect(order!.totalCents).toBe(24980);
    // Nothing charged, nothing sent; the owner is alerted with the proposal (always, whatever the switches).
    expect(await standinPaymentsOf(e, order!.id)).toHaveLength(0);
    expect((await sentToCustomers(e, shop)).some((m) => m.text?.includes('Pix copia e cola'))).toBe(false);
    // The alert is written after the order (its own statement): wait for it, then check there is one.
    const pixAlerts = () =>
      e.t.database.db
        .select()
        .from(ownerAlerts)
        .where(and(eq(ownerAlerts.userId, shop.userId), eq(ownerAlerts.kind, 'pix_confirm')));
    await waitFor(async () => (await pixAlerts()).length > 0, 'the owner alert');
    const alerts = await pixAlerts();
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.text.split('\n').slice(0, 2)).toEqual([
      '🧾 Helena · +55 (11) 97777-8888 quer fechar um pedido de R$ 249,80 com valor a confirmar.',
      'Valor proposto pela IA (sob consulta): 1x Bolo de festa: R$ 150,00 cada',
    ]);
    const listed = (await shop.client.get(`/api/pix/orders`)).json().orders[0];
    expect(listed).toMatchObject({ id: order!.id, status: 'awaiting_owner', totalCents: 24980 });

    // Only a proposed line can be edited; another account's order is a 404.
    const confirmUrl = `/api/pix/orders/${order!.id}/confirm`;
    const wrongLine = await shop.client.post(confirmUrl, { amounts: [{ line: 0, unitCents: 100 }] });
    expect(wrongLine.statusCode).toBe(400);
    expect(wrongLine.json().error.message).toBe('Só o valor dos itens sob consulta pode ser alterado.');
    const other = await pixShop(e, { phone: '5511977779999', name: 'Ivo' });
    expect((await other.shop.client.post(confirmUrl, { amounts: [] })).statusCode).toBe(404);
    expect((await other.shop.client.post(`/api/pix/orders/${order!.id}/decline`, {})).statusCode).toBe(404);

    // 'Confirmar e cobrar' with the owner's amount, twice at once (a double click): one charge, one Pix.
    const confirm = () => shop.client.post(confirmUrl, { amounts: [{ line: 1, unitCents: 18000 }] });
    const [a, b] = await Promise.all([confirm(), confirm()]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    await waitFor(
      async () => (await sentToCustomers(e, shop)).some((m) => m.text?.includes('Valor: R$ 279,80')),
      'the Pix with the confirmed total',
    );
    const [charged] = await ordersOf(shop.userId);
    expect(charged!.status).toBe('awaiting_payment');
    expect(charged!.totalCents).toBe(27980);
    expect(charged!.lines[1]).toMatchObject({ unitCents: 18000, proposed: true });
    expect((await standinPaymentsOf(e, order!.id)).map((p) => p.value_cents)).toEqual([27980]);
    expect((await confirm()).json()).toMatchObject({ status: 'awaiting_payment', totalCents: 27980 });
    expect((await shop.client.post(`/api/pix/orders/${order!.id}/decline`, {})).statusCode).toBe(409);
    expect((await standinPaymentsOf(e, order!.id)).length).toBe(1);

    // The next order, declined: nothing charged; confirming it afterwards is a 409.
    pedido = { itens: [{ id: bolo, quantidade: 1, valor: 90 }] };
    await customerSays(e, shop, 'Quero outro bolo', customer);
    await waitFor(async () => (await ordersOf(shop.userId)).length === 2, 'the second order');
    const second = (await ordersOf(shop.userId)).find((o) => o.id !== order!.id)!;
    expect(second).toMatchObject({ status: 'awaiting_owner', totalCents: 9000 });
    const declined = await shop.client.post(`/api/pix/orders/${second.id}/decline`, {});
    expect(declined.json()).toMatchObject({ status: 'declined' });
    const late = await shop.client.post(`/api/pix/orders/${second.id}/confirm`, { amounts: [] });
    expect(late.statusCode).toBe(409);
    expect(await standinPaymentsOf(e, second.id)).toHaveLength(0);
    // Without an amount, an item 'sob consulta' makes no order.
    pedido = { itens: [{ id: bolo, quantidade: 1 }] };
    await customerSays(e, shop, 'E mais um bolo', customer);
    await waitEngineIdle(e, shop);
    expect(await ordersOf(shop.userId)).toHaveLength(2);
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
    // Read by column name: other figures add columns after these.
    const header = csv[0]!.split(';');
    const row = csv[1]!.split(';');
    const column = (name: string) => row[header.indexOf(name)];
    expect([column('Pedidos'), column('Pedidos pagos'), column('Receita recebida (R$)')]).toEqual(['1', '1', '119,80']);
  });
});

describe('the AI’s orders have a cap of their own', () => {
  it(`opens at most ${AI_ORDERS_PER_CONVERSATION_PER_DAY} unpaid orders for one customer a day; the owner is told`, async () => {
    const customer = { phone: '5511977773333', name: 'Igor' };
    const { shop } = await pixShop(e, customer);
    const camiseta = await addItem(shop, { name: 'Camiseta básica', priceCents: 4990 });
    e.llm.respond = async () => ({
      content: JSON.stringify({
        reply: 'Fechado! Já vou gerar o seu Pix.',
        handoff: null,
        needs_owner: null,
        hot_lead: null,
        pedido: { itens: [{ id: camiseta, quantidade: 1 }] },
      }),
    });
    for (let i = 0; i <= AI_ORDERS_PER_CONVERSATION_PER_DAY; i++) {
      await customerSays(e, shop, `Confirmo o pedido ${i + 1}`, customer);
      await waitEngineIdle(e, shop);
    }
    await waitFor(
      async () =>
        (
          await e.t.database.db
            .select()
            .from(ownerAlerts)
            .where(and(eq(ownerAlerts.userId, shop.userId), eq(ownerAlerts.kind, 'needs_owner')))
        ).some((a) => a.text.includes('pedidos sem pagamento')),
      'the owner told of the cap',
      // The orders are placed by the answers' event jobs, after each send (decision 057): a busy machine adds seconds.
      30_000,
    );
    expect(await ordersOf(shop.userId)).toHaveLength(AI_ORDERS_PER_CONVERSATION_PER_DAY);
  });
});
