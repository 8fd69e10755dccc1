/**
 * Expiry honoured at the provider (docs/decisions/055-pix-orders-state-machine.md): when VendAI expires
 * an order, its charge is cancelled there — Asaas DELETE /v3/payments/{id}, which removes only payments
 * awaiting payment or overdue, after which the customer can no longer pay
 * (https://docs.asaas.com/reference/remover-cobranca); Mercado Pago PUT /v1/payments/{id} with status
 * 'cancelled', refused with 400 (cause 2018) unless the payment is pending, in_process or authorized
 * (https://www.mercadopago.com.br/developers/en/reference/chargebacks/_payments_payment_id/put). A
 * payment that beat the cancellation is counted, and the customer and the owner are told it came late.
 * On PGlite and PostgreSQL.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, ownerAlerts } from '../src/db/schema/index.ts';
import { checkCharge } from '../src/modules/pix/check-charge.ts';
import { loadPixAccount } from '../src/modules/pix/pix-account.ts';
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
type PixShop = Awaited<ReturnType<typeof pixShop>>;

/** The stand-in's own API, called with the shop's key (as the owner's Asaas account). */
async function standinApi(s: PixShop, method: string, path: string) {
  const account = (await loadPixAccount(e.t.app.pix.deps, { accountId: s.shop.userId }))!;
  const res = await fetch(`${e.t.app.pix.standin!.baseUrl}${path}`, {
    method,
    headers: { access_token: account.apiKey },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const paidAlerts = async (s: PixShop) =>
  (await db().select().from(ownerAlerts).where(eq(ownerAlerts.userId, s.shop.userId))).filter(
    (a) => a.kind === 'pix_paid',
  );

describe('expiry honoured at the provider', () => {
  it('Asaas: an expired order’s payment is removed there and can no longer be paid', async () => {
    const s = await pixShop(e, { phone: '5511977770101', name: 'Yara' });
    const id = await chargedOrder(e, s, 5200, 'Torta de limão');
    const [payment] = await standinPaymentsOf(e, id);
    const charged = await orderById(e, id);
    await sweepOrders(e.t.app.pix.deps, new Date(charged.expiresAt!.getTime() + 1000));
    expect((await orderById(e, id)).status).toBe('expired');
    await waitFor(async () => (await orderById(e, id)).chargeCancelledAt !== null, 'the charge cancelled');
    const removed = await standinApi(s, 'GET', `/v3/payments/${payment!.id}`);
    expect(removed.body).toMatchObject({ id: payment!.id, status: 'PENDING', deleted: true });
    // Removed payments leave the account's list, like Asaas's.
    expect((await standinApi(s, 'GET', `/v3/payments?externalReference=${id}`)).body.data).toEqual([]);

    // The customer opens the old Pix: nothing can be paid, nothing changes.
    const before = (await sentToCustomers(e, s.shop)).length;
    await pressOnBankPage(s.shop, payment!.id, 'pagar');
    expect((await standinPaymentsOf(e, id))[0]!.status).toBe('PENDING');
    const page = await s.shop.client.get(`/pix-local/cobranca/${payment!.id}`);
    expect(page.body).toContain('não pode mais ser paga');
    expect(page.body).not.toContain('>Pagar<');
    expect((await orderById(e, id)).status).toBe('expired');
    expect(await sentToCustomers(e, s.shop)).toHaveLength(before);
    // Removing it again: not found, as Asaas answers for a removed payment.
    expect((await standinApi(s, 'DELETE', `/v3/payments/${payment!.id}`)).status).toBe(404);
  });

  it('Asaas refuses to remove a received payment; VendAI then counts it and tells both it came late', async () => {
    const s = await pixShop(e, { phone: '5511977770202', name: 'Zélia Prado' });
    const id = await chargedOrder(e, s, 5300, 'Torta de limão');
    const [payment] = await standinPaymentsOf(e, id);
    // Paid just before the expiry, its webhook lost: VendAI learns of it only when it cancels.
    e.t.app.pix.standin!.loseNextWebhooks(1);
    await pressOnBankPage(s.shop, payment!.id, 'pagar');
    const refused = await standinApi(s, 'DELETE', `/v3/payments/${payment!.id}`);
    expect(refused).toEqual({
      status: 400,
      body: {
        errors: [
          {
            code: 'invalid_action',
            description: 'Somente cobranças aguardando pagamento ou vencidas podem ser removidas.',
          },
        ],
      },
    });

    const charged = await orderById(e, id);
    await sweepOrders(e.t.app.pix.deps, new Date(charged.expiresAt!.getTime() + 1000));
    await waitFor(async () => (await orderById(e, id)).status === 'paid', 'the late payment counted');
    await waitFor(async () => (await paidAlerts(s)).length === 1, 'the owner’s alert');
    expect((await paidAlerts(s))[0]!.text.split('\n').slice(0, 2)).toEqual([
      '💰 Zélia Prado · +55 (11) 97777-0202 pagou R$ 53,00 por Pix.',
      '⚠️ O pagamento chegou depois que a cobrança venceu: confira se ainda dá para atender o pedido ou devolva o valor.',
    ]);
    const confirmations = (await sentToCustomers(e, s.shop)).filter((m) => m.text?.startsWith('Pagamento de'));
    expect(confirmations.map((m) => m.text)).toEqual([
      'Pagamento de R$ 53,00 recebido, Zélia! Como a cobrança já tinha vencido, vou confirmar o seu pedido com a loja e já te retorno.',
    ]);
    expect((await standinPaymentsOf(e, id))[0]!.status).toBe('RECEIVED');
  });

  it('Mercado Pago: PUT status cancelled for a pending payment; a payment approved first is refused (2018) and counted', async () => {
    const s = await pixShop(e, { phone: '5511977770303', name: 'Ana' });
    const status: Record<string, string> = { '901': 'pending', '902': 'approved' };
    const refs: Record<string, string> = {};
    const server = await startFixtureServer((req) => {
      const id = req.path.split('/')[3] ?? '';
      const payment = () => ({
        ...mercadopago.payment,
        id: Number(id),
        status: status[id],
        transaction_amount: 54,
        external_reference: refs[id],
      });
      if (req.path.startsWith('/v1/payments/search')) return { body: { results: [] } };
      if (req.method === 'GET' && status[id]) return { body: payment() };
      if (req.method === 'PUT' && status[id]) {
        if (req.body?.status !== 'cancelled') return { status: 400, body: { message: 'invalid status' } };
        if (!['pending', 'in_process', 'authorized'].includes(status[id]!))
          return {
            status: 400,
            body: {
              message: 'The action requested is not valid for the current payment state',
              error: 'bad_request',
              status: 400,
              cause: [{ code: 2018, description: 'The action requested is not valid for the current payment state' }],
            },
          };
        status[id] = 'cancelled';
        return { body: { ...payment(), status_detail: 'by_collector' } };
      }
      return { status: 404, body: {} };
    });
    try {
      const deps = await pixDepsAt(e, s, server.url, {
        provider: 'mercadopago',
        apiKey: 'APP_USR-teste-5678',
        webhookSecret: 'segredo-de-teste',
      });
      const expired = (providerChargeId: string) =>
        insertOrder(e, s, {
          description: 'Torta de limão',
          totalCents: 5400,
          status: 'expired',
          provider: 'mercadopago',
          providerChargeId,
        });
      const pending = await expired('901');
      const approved = await expired('902');
      refs['901'] = pending.id;
      refs['902'] = approved.id;

      await checkCharge(deps, pending.id);
      expect(server.requests.find((r) => r.method === 'PUT' && r.path === '/v1/payments/901')?.body).toEqual({
        status: 'cancelled',
      });
      expect(status['901']).toBe('cancelled');
      expect(await orderById(e, pending.id)).toMatchObject({ status: 'expired', chargeCancelledAt: expect.any(Date) });

      await checkCharge(deps, approved.id);
      expect(await orderById(e, approved.id)).toMatchObject({ status: 'paid', chargeCancelledAt: expect.any(Date) });
      await waitFor(async () => (await paidAlerts(s)).length === 1, 'the owner’s alert');
      expect((await paidAlerts(s))[0]!.text).toContain('depois que a cobrança venceu');

      // Nothing more to do for either: no further call to Mercado Pago.
      const calls = server.requests.length;
      await checkCharge(deps, pending.id);
      await checkCharge(deps, approved.id);
      expect(server.requests).toHaveLength(calls);
    } finally {
      await server.close();
      await db()
        .delete(orders)
        .where(and(eq(orders.userId, s.shop.userId), eq(orders.provider, 'mercadopago')));
    }
  });
});
