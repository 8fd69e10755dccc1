/**
 * The sweep that resumes stuck orders (docs/decisions/055-pix-orders-state-machine.md): an order left
 * 'pending' with no job (a process killed between writing it and queueing its charge), an order
 * 'awaiting_document' whose payer's document is known, and an order charged but never sent are each
 * completed once; orders changed recently, waiting for the owner, or waiting for a document nobody
 * gave are left alone. The sweep is called here; its every-minute job may also run during a test, so
 * the tests wait on the orders' state rather than on what one call returned. On PGlite and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages, orders, pixPayers } from '../src/db/schema/index.ts';
import { resultRows } from '../src/db/rows.ts';
import { sweepOrders } from '../src/modules/pix/sweep-orders.ts';
import { sentToCustomers, waitFor } from './helpers/engine-harness.ts';
import { useEngineApp } from './helpers/engine-test.ts';
import { KNOWN_PAYER_CPF, orderById, pixShop, standinPaymentsOf } from './helpers/pix-helpers.ts';

const e = useEngineApp();

/** An order written as 'Cobrar com Pix' writes it, but with no job queued, last changed 10 minutes ago. */
async function strandedOrder(
  s: Awaited<ReturnType<typeof pixShop>>,
  status: 'pending' | 'awaiting_document' | 'awaiting_owner',
  totalCents: number,
) {
  const [order] = await e.t.database.db
    .insert(orders)
    .values({
      userId: s.shop.userId,
      convId: s.convId,
      source: 'manual',
      originKey: `teste:${randomUUID()}`,
      description: 'Pedido parado',
      totalCents,
      status,
      updatedAt: sql`now() - interval '10 minutes'`,
    })
    .returning();
  return order!;
}

const pixTexts = async (s: Awaited<ReturnType<typeof pixShop>>, amount: string) =>
  (await sentToCustomers(e, s.shop)).filter((m) => m.text?.includes(`Valor: ${amount}`));

describe('the stuck-orders sweep', () => {
  it('charges and sends, once, an order left charging with no job', async () => {
    const s = await pixShop(e, { phone: '5511977778181', name: 'Olga' });
    const order = await strandedOrder(s, 'pending', 3100);
    const fresh = await e.t.database.db
      .insert(orders)
      .values({
        userId: s.shop.userId,
        convId: s.convId,
        source: 'manual',
        originKey: `teste:${randomUUID()}`,
        description: 'Acabou de chegar',
        totalCents: 3200,
        status: 'awaiting_owner',
      })
      .returning();
    const waiting = await strandedOrder(s, 'awaiting_owner', 3300);

    await sweepOrders(e.t.app.pix.deps); // (the every-minute sweep may have taken it first)
    await waitFor(async () => (await orderById(e, order.id)).status === 'awaiting_payment', 'the charge');
    await waitFor(async () => (await pixTexts(s, 'R$ 31,00')).length === 1, 'the Pix sent');
    expect(await standinPaymentsOf(e, order.id)).toHaveLength(1);
    expect((await orderById(e, fresh[0]!.id)).status).toBe('awaiting_owner');
    expect((await orderById(e, waiting.id)).status).toBe('awaiting_owner');

    // Sweeping again finds nothing: the order is charged and its Pix out.
    expect(await sweepOrders(e.t.app.pix.deps)).toBe(0);
    expect(await standinPaymentsOf(e, order.id)).toHaveLength(1);
    expect(await pixTexts(s, 'R$ 31,00')).toHaveLength(1);
  });

  it('gives a waiting order the payer’s known document and charges it; an unknown payer still waits', async () => {
    const s = await pixShop(e, { phone: '5511977778282', name: 'Paulo' }, { newPayer: true });
    const order = await strandedOrder(s, 'awaiting_document', 4100);
    expect(await sweepOrders(e.t.app.pix.deps)).toBe(0);
    expect((await orderById(e, order.id)).status).toBe('awaiting_document');

    // The document arrived while the order was being asked for (kept for the payer, the order missed it).
    await e.t.database.db
      .insert(pixPayers)
      .values({ userId: s.shop.userId, convId: s.convId, document: KNOWN_PAYER_CPF });
    await sweepOrders(e.t.app.pix.deps); // (the every-minute sweep may have taken it first)
    await waitFor(async () => (await orderById(e, order.id)).status === 'awaiting_payment', 'the charge');
    expect((await orderById(e, order.id)).payerDocument).toBe(KNOWN_PAYER_CPF);
    await waitFor(async () => (await pixTexts(s, 'R$ 41,00')).length === 1, 'the Pix sent');
  });

  it('expires a charged order past the expiry VendAI set, telling the customer nothing', async () => {
    const s = await pixShop(e, { phone: '5511977778484', name: 'Rita' });
    const order = await strandedOrder(s, 'pending', 6100);
    await sweepOrders(e.t.app.pix.deps);
    await waitFor(async () => (await pixTexts(s, 'R$ 61,00')).length === 1, 'the Pix sent');
    const charged = await orderById(e, order.id);
    // The intended 24 hours (charge-order.ts), not the QR's 12 months (Asaas, and the stand-in like it).
    const hours = (charged.expiresAt!.getTime() - charged.createdAt.getTime()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThan(24.1);
    // The charge's other parts (the copia-e-cola, the QR) follow its text: counted once the sender let go.
    await waitFor(async () => {
      const o = await orderById(e, order.id);
      return o.sentAt !== null && o.claimUntil === null;
    }, 'the whole charge sent');
    const sentBefore = (await sentToCustomers(e, s.shop)).length;
    await sweepOrders(e.t.app.pix.deps, new Date(charged.expiresAt!.getTime() + 1000));
    expect((await orderById(e, order.id)).status).toBe('expired');
    expect(await sentToCustomers(e, s.shop)).toHaveLength(sentBefore);
  });

  it('sends the Pix of an order charged but never sent (a crash between the two)', async () => {
    const s = await pixShop(e, { phone: '5511977778383', name: 'Quitéria' });
    const order = await strandedOrder(s, 'pending', 5100);
    await sweepOrders(e.t.app.pix.deps); // (the every-minute sweep may have taken it first)
    await waitFor(async () => (await orderById(e, order.id)).status === 'awaiting_payment', 'the charge');
    await waitFor(async () => (await pixTexts(s, 'R$ 51,00')).length === 1, 'the Pix sent');
    // As if the process died after the charge, before the send: the claim undone, long ago, and none of
    // the charge's messages stored (each is stored once under its own id: charge-order.ts).
    await e.t.database.db
      .update(orders)
      .set({ sentAt: null, updatedAt: sql`now() - interval '10 minutes'` })
      .where(eq(orders.id, order.id));
    await e.t.database.db.delete(messages).where(and(eq(messages.convId, s.convId), eq(messages.author, 'owner_app')));
    await sweepOrders(e.t.app.pix.deps); // (the every-minute sweep may have taken it first)
    await waitFor(async () => (await pixTexts(s, 'R$ 51,00')).length === 2, 'the Pix sent again');
    expect(await standinPaymentsOf(e, order.id)).toHaveLength(1);
  });

  it('tells a paid order never told (a crash between the move to paid and the notice) once, and its card reaches Pago', async () => {
    const s = await pixShop(e, { phone: '5511977778585', name: 'Sônia' });
    const order = await strandedOrder(s, 'pending', 7100);
    await sweepOrders(e.t.app.pix.deps); // (the every-minute sweep may have taken it first)
    await waitFor(async () => (await pixTexts(s, 'R$ 71,00')).length === 1, 'the Pix sent');
    // As if the process died right after the conditional move to paid: no event queued, nobody told.
    await e.t.database.db
      .update(orders)
      .set({
        status: 'paid',
        paidAt: sql`now() - interval '10 minutes'`,
        updatedAt: sql`now() - interval '10 minutes'`,
      })
      .where(eq(orders.id, order.id));
    const told = async () =>
      (await sentToCustomers(e, s.shop)).filter((m) => m.text?.startsWith('Pagamento de R$ 71,00 recebido'));
    await sweepOrders(e.t.app.pix.deps);
    await waitFor(async () => (await told()).length === 1, 'the customer told');
    expect((await told())[0]!.text).toContain('seu pedido está confirmado');
    await waitFor(async () => (await stageKindOf(s.convId)) === 'pago', 'the card in Pago');
    await sweepOrders(e.t.app.pix.deps);
    expect(await told()).toHaveLength(1);
  });
});

/** The kind of the funnel stage the conversation's card is in (null: no card). */
async function stageKindOf(convId: string): Promise<string | null> {
  const rows = await e.t.database.db.execute(
    sql`select s.kind from conversation_stages c join funnel_stages s on s.id = c.stage_id where c.conv_id = ${convId}`,
  );
  return (resultRows<{ kind: string }>(rows)[0]?.kind as string | undefined) ?? null;
}
