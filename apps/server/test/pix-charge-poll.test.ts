/**
 * Open charges are read at the provider until paid or expired (docs/decisions/055-pix-orders-state-machine.md),
 * so a lost webhook costs minutes, not a sale: the stand-in drops the 'paid' event, the sweep's check
 * reads the payment (Asaas GET /v3/payments/{id}, https://docs.asaas.com/reference/retrieve-a-single-payment;
 * Mercado Pago GET /v1/payments/{id}, https://www.mercadopago.com.br/developers/en/reference/payments/_payments_id/get)
 * and the order is paid through the same path as a webhook; the customer gets one confirmation even
 * when the webhook arrives too. On PGlite and PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema/index.ts';
import { loadPixAccount } from '../src/modules/pix/pix-account.ts';
import { checkCharge } from '../src/modules/pix/check-charge.ts';
import { sweepOrders } from '../src/modules/pix/sweep-orders.ts';
import mercadopago from './fixtures/pix/mercadopago.json' with { type: 'json' };
import { startFixtureServer } from './helpers/pix-fixture-server.ts';
import { sentToCustomers, waitFor } from './helpers/engine-harness.ts';
import { useEngineApp } from './helpers/engine-test.ts';
import {
  chargedOrder,
  insertOrder,
  orderById,
  pixDepsAt,
  pixShop,
  pressOnBankPage,
  standinPaymentsOf,
} from './helpers/pix-helpers.ts';

const e = useEngineApp();
const db = () => e.t.database.db;
const inAMinute = () => new Date(Date.now() + 61_000);

const confirmations = async (s: Awaited<ReturnType<typeof pixShop>>, amount: string) =>
  (await sentToCustomers(e, s.shop)).filter((m) => m.text?.startsWith(`Pagamento de ${amount} recebido`));

describe('open charges read at the provider', () => {
  it('a paid charge whose webhook was lost is found by the check: paid once, one confirmation, the late webhook changes nothing', async () => {
    const s = await pixShop(e, { phone: '5511977779191', name: 'Vera' });
    const id = await chargedOrder(e, s, 4200);
    const [payment] = await standinPaymentsOf(e, id);
    e.t.app.pix.standin!.loseNextWebhooks(1);
    await pressOnBankPage(s.shop, payment!.id, 'pagar');
    expect((await standinPaymentsOf(e, id))[0]!.status).toBe('RECEIVED');
    expect((await orderById(e, id)).status).toBe('awaiting_payment');

    await sweepOrders(e.t.app.pix.deps, inAMinute());
    await waitFor(async () => (await orderById(e, id)).status === 'paid', 'the order paid by the check');
    await waitFor(async () => (await confirmations(s, 'R$ 42,00')).length === 1, 'the customer’s confirmation');
    expect((await orderById(e, id)).checkedAt).not.toBeNull();

    // The webhook Asaas retries later arrives after all: re-read, nothing moves, nothing is said again.
    const account = (await loadPixAccount(e.t.app.pix.deps, { accountId: s.shop.userId }))!;
    const late = await e.t.app.inject({
      method: 'POST',
      url: `/webhooks/pix/${account.webhookId}`,
      headers: { 'asaas-access-token': account.webhookSecret! },
      payload: { id: 'evt_atrasado', event: 'PAYMENT_RECEIVED', payment: { id: payment!.id } },
    });
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json()).toMatchObject({ received: true, ignored: true });
    await checkCharge(e.t.app.pix.deps, id); // a check queued before the webhook, run after it
    expect(await confirmations(s, 'R$ 42,00')).toHaveLength(1);
  });

  it('reads each open charge once per turn: a minute after the charge, not again in the same minute; an unpaid one stays open', async () => {
    const s = await pixShop(e, { phone: '5511977779292', name: 'Wanda' });
    const id = await chargedOrder(e, s, 4300);
    const now = inAMinute();
    await sweepOrders(e.t.app.pix.deps, now);
    const first = (await orderById(e, id)).checkedAt;
    // (the every-minute sweep may have checked it first, with the real clock)
    expect(first).not.toBeNull();
    await sweepOrders(e.t.app.pix.deps, new Date(now.getTime() + 10_000));
    expect((await orderById(e, id)).checkedAt).toEqual(first);
    await checkCharge(e.t.app.pix.deps, id);
    expect((await orderById(e, id)).status).toBe('awaiting_payment');
  });

  it('Mercado Pago: the check reads GET /v1/payments/{id} and a charge approved there is paid', async () => {
    const s = await pixShop(e, { phone: '5511977779393', name: 'Xênia' });
    let status = 'pending';
    let orderRef = '';
    const server = await startFixtureServer((req) => {
      if (req.path.startsWith('/v1/payments/search')) return { body: { results: [] } };
      if (req.method === 'POST' && req.path === '/v1/payments')
        return {
          body: { ...mercadopago.payment, transaction_amount: 44, external_reference: req.body.external_reference },
        };
      if (req.method === 'GET' && req.path === `/v1/payments/${mercadopago.payment.id}`)
        return { body: { ...mercadopago.payment, status, transaction_amount: 44, external_reference: orderRef } };
      return { status: 404, body: {} };
    });
    try {
      const deps = await pixDepsAt(e, s, server.url, {
        provider: 'mercadopago',
        apiKey: 'APP_USR-teste-1234',
        webhookSecret: 'segredo-de-teste',
      });
      const order = await insertOrder(e, s, {
        description: 'Bolo de fubá',
        totalCents: 4400,
        status: 'awaiting_payment',
        provider: 'mercadopago',
        providerChargeId: String(mercadopago.payment.id),
      });
      orderRef = order.id;
      await checkCharge(deps, order.id);
      expect((await orderById(e, order.id)).status).toBe('awaiting_payment');
      status = 'approved';
      await checkCharge(deps, order.id);
      expect((await orderById(e, order.id)).status).toBe('paid');
      await waitFor(async () => (await confirmations(s, 'R$ 44,00')).length === 1, 'the customer’s confirmation');
      expect(
        server.requests.filter((r) => r.method === 'GET' && r.path === `/v1/payments/${mercadopago.payment.id}`),
      ).toHaveLength(2);
    } finally {
      await server.close();
      await db().delete(orders).where(eq(orders.userId, s.shop.userId));
    }
  });
});
