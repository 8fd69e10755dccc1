/**
 * Pix charges over HTTP with the local stand-in (docs/decisions/038-pix-charges.md): 'Cobrar com Pix'
 * sends the copia-e-cola and the QR image once; 'Pagar' on the bank page fires the Asaas-shaped
 * webhook, verified, stored once, the charge re-read: the order is paid, the customer and the owner
 * are told. Replays, forgeries and a pending charge's fake 'paid' event change nothing; expired and
 * refunded charges are shown as such; the same order charged twice at once, or retried after the
 * provider's connection was cut, makes one charge. On PGlite and PostgreSQL (two processes:
 * pix-two-processes.test.ts).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { resultRows } from '../src/db/rows.ts';
import { messages, orders, ownerAlerts, pixAccounts, pixEvents, user } from '../src/db/schema/index.ts';
import { PIX_NEEDS_VERIFIED_EMAIL } from '../src/domain/account/email-verified.ts';
import { placeOrder } from '../src/domain/orders/place-order.ts';
import { chargeOrder } from '../src/modules/pix/charge-order.ts';
import { loadPixAccount, savePixSettings } from '../src/modules/pix/pix-account.ts';
import asaas from './fixtures/pix/asaas.json' with { type: 'json' };
import { startFixtureServer } from './helpers/pix-fixture-server.ts';
import { sentToCustomers, waitFor } from './helpers/engine-harness.ts';
import { useEngineApp } from './helpers/engine-test.ts';
import {
  CUSTOMER,
  insertOrder,
  orderById,
  pixShop,
  pressOnBankPage,
  standinPaymentsOf,
} from './helpers/pix-helpers.ts';

const e = useEngineApp();
const db = () => e.t.database.db;

async function charge(shop: Awaited<ReturnType<typeof pixShop>>, amountCents: number, requestId = randomUUID()) {
  const res = await shop.shop.client.post('/api/pix/charges', {
    convId: shop.convId,
    amountCents,
    description: '2 camisetas básicas',
    requestId,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; status: string };
}

/** An Asaas-shaped event for the account, as the stand-in (or Asaas) posts it. */
async function postEvent(userId: string, o: { eventId: string; paymentId: string; token?: string }) {
  const account = (await loadPixAccount(e.t.app.pix.deps, { accountId: userId }))!;
  return e.t.app.inject({
    method: 'POST',
    url: `/webhooks/pix/${account.webhookId}`,
    headers: { 'asaas-access-token': o.token ?? account.webhookSecret! },
    payload: {
      id: o.eventId,
      event: 'PAYMENT_RECEIVED',
      dateCreated: '2026-05-25 14:00:00',
      payment: { id: o.paymentId },
    },
  });
}

describe('Pix charges need the owner’s confirmed e-mail (docs/decisions/051-verified-email-and-membership-end.md)', () => {
  it("'Cobrar com Pix' is refused in Portuguese and an order (the AI's, or confirmed) fails without a charge", async () => {
    const shop = await pixShop(e);
    // The provider was chosen while confirmed; the confirmation is then gone (as for an account made
    // after the change that never confirmed, had it a provider by other means).
    await db().update(user).set({ emailVerified: false }).where(eq(user.id, shop.shop.userId));
    const res = await shop.shop.client.post('/api/pix/charges', {
      convId: shop.convId,
      amountCents: 5000,
      description: '2 camisetas básicas',
      requestId: randomUUID(),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(PIX_NEEDS_VERIFIED_EMAIL);

    const { order } = await placeOrder(e.t.app.pix.deps, {
      accountId: shop.shop.userId,
      convId: shop.convId,
      source: 'ai',
      originKey: `ai-test:${randomUUID()}`,
      lines: [{ itemId: null, name: 'Bolo de cenoura', option: null, quantity: 1, unitCents: 4500 }],
      description: 'Bolo de cenoura',
      totalCents: 4500,
    });
    await waitFor(async () => (await orderById(e, order.id)).status === 'failed', 'the order failed');
    expect(await orderById(e, order.id)).toMatchObject({ error: PIX_NEEDS_VERIFIED_EMAIL, providerChargeId: null });
    expect(await standinPaymentsOf(e, order.id)).toEqual([]);
  });
});

describe('Pix charges with the local stand-in', () => {
  it('keeps the key sealed and never shows it', async () => {
    const { shop } = await pixShop(e);
    const settings = await shop.client.get('/api/pix/settings');
    expect(settings.json()).toMatchObject({
      configured: true,
      provider: 'standin',
      keyHint: 'local',
      standinAvailable: true,
    });
    expect(settings.body).not.toContain('$aact_local_');
    const [row] = await db().select().from(pixAccounts).where(eq(pixAccounts.userId, shop.userId));
    expect(row!.apiKeySealed.startsWith('v1.')).toBe(true);
    expect(row!.apiKeySealed).not.toContain('aact');
    // Bad input is a Portuguese 400.
    const bad = await shop.client.request({ method: 'PUT', url: '/api/pix/settings', payload: { provider: 'asaas' } });
    expect(bad.statusCode).toBe(400);
  });

  it('the paid alert shows the customer’s name and the description inertly: no link reaches the owner (decision 021)', async () => {
    const s = await pixShop(e, { phone: '5511977774444', name: 'Dora www.golpe.example' });
    const res = await s.shop.client.post('/api/pix/charges', {
      convId: s.convId,
      amountCents: 5000,
      description: 'Sinal — detalhes em https://golpe.example/pagar',
      requestId: randomUUID(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const orderId = res.json().id as string;
    await waitFor(async () => (await standinPaymentsOf(e, orderId)).length === 1, 'the charge');
    const [payment] = await standinPaymentsOf(e, orderId);
    await pressOnBankPage(s.shop, payment!.id, 'pagar');
    const paidAlert = async () =>
      (await db().select().from(ownerAlerts).where(eq(ownerAlerts.userId, s.shop.userId))).find(
        (a) => a.kind === 'pix_paid',
      );
    await waitFor(async () => (await paidAlert()) !== undefined, 'the paid alert');
    const text = (await paidAlert())!.text;
    expect(text.split('\n').slice(0, 2)).toEqual([
      '💰 Dora www[.]golpe[.]example · +55 (11) 97777-4444 pagou R$ 50,00 por Pix.',
      'Pedido: Sinal — detalhes em golpe[.]example',
    ]);
  });

  it('Cobrar com Pix → copia-e-cola and QR in the chat → Pagar → paid, customer and owner told', async () => {
    const s = await pixShop(e);
    const requestId = randomUUID();
    const first = await charge(s, 12990, requestId);
    // A retried click (same request id) is the same order.
    expect((await charge(s, 12990, requestId)).id).toBe(first.id);
    const pixTextSent = async () =>
      (await sentToCustomers(e, s.shop)).find(
        (m) => m.remoteJid.startsWith(CUSTOMER.phone) && m.text?.includes('O Pix copia e cola vem na próxima mensagem'),
      );
    await waitFor(async () => (await pixTextSent()) !== undefined, 'the copia-e-cola sent');
    await waitFor(
      async () =>
        (
          await db()
            .select()
            .from(messages)
            .where(and(eq(messages.convId, s.convId), eq(messages.status, 'sent'), eq(messages.messageType, 'image')))
        ).length === 1,
      'the QR image sent',
    );
    const order = await orderById(e, first.id);
    expect(order.status).toBe('awaiting_payment');
    const pixText = (await pixTextSent())!;
    expect(pixText.text).toContain('R$ 129,90');
    expect(pixText.text).toMatch(/Válido até \d{2}\/\d{2} às \d{2}:\d{2}/);
    // The copia-e-cola goes alone, in the message after the explanation: copying it pastes only the code.
    expect(pixText.text).not.toContain(order.copiaECola!);
    const toCustomer = (await sentToCustomers(e, s.shop)).filter((m) => m.remoteJid.startsWith(CUSTOMER.phone));
    const explanationAt = toCustomer.findIndex((m) => m.text === pixText.text);
    expect(toCustomer[explanationAt + 1]?.text).toBe(order.copiaECola);
    const images = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.convId, s.convId), eq(messages.messageType, 'image')));
    expect(images).toHaveLength(1);
    expect(images[0]!.content).toBe('QR Code Pix · R$ 129,90');
    const payments = await standinPaymentsOf(e, first.id);
    expect(payments).toHaveLength(1);
    expect(payments[0]!.value_cents).toBe(12990);

    await pressOnBankPage(s.shop, payments[0]!.id, 'pagar');
    await waitFor(async () => (await orderById(e, first.id)).status === 'paid', 'the order paid');
    await waitFor(
      async () =>
        (await sentToCustomers(e, s.shop)).some((m) => m.text?.startsWith('Pagamento de R$ 129,90 recebido, Carla')),
      'the customer’s confirmation',
    );
    const alerts = await db().select().from(ownerAlerts).where(eq(ownerAlerts.userId, s.shop.userId));
    expect(alerts.filter((a) => a.kind === 'pix_paid').map((a) => a.text.split('\n')[0])).toEqual([
      `💰 Carla Dias · +55 (11) 97777-2222 pagou R$ 129,90 por Pix.`,
    ]);
    const listed = await s.shop.client.get(`/api/pix/orders?convId=${s.convId}`);
    expect(listed.json().orders[0]).toMatchObject({ id: first.id, status: 'paid', totalCents: 12990 });

    // 'Pagar' again sends nothing; a replayed event is a duplicate; nothing is said twice.
    await pressOnBankPage(s.shop, payments[0]!.id, 'pagar');
    const [event] = await db().select().from(pixEvents).where(eq(pixEvents.userId, s.shop.userId));
    const replay = await postEvent(s.shop.userId, { eventId: event!.eventId, paymentId: payments[0]!.id });
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    const confirmations = (await sentToCustomers(e, s.shop)).filter((m) => m.text?.startsWith('Pagamento de'));
    expect(confirmations).toHaveLength(1);
  });

  it('refuses forged events and never counts a charge the provider does not say is paid', async () => {
    const s = await pixShop(e, { phone: '5511977773333', name: 'Dora' });
    const { id } = await charge(s, 5000);
    await waitFor(async () => (await orderById(e, id)).status === 'awaiting_payment', 'the charge');
    const [payment] = await standinPaymentsOf(e, id);
    const before = (await db().select().from(pixEvents)).length;
    const forged = await postEvent(s.shop.userId, { eventId: 'evt_forjado', paymentId: payment!.id, token: 'chute' });
    expect(forged.statusCode).toBe(401);
    const unknown = await e.t.app.inject({
      method: 'POST',
      url: `/webhooks/pix/${'0'.repeat(32)}`,
      payload: { id: 'x', event: 'PAYMENT_RECEIVED', payment: { id: payment!.id } },
    });
    expect(unknown.statusCode).toBe(401);
    expect((await db().select().from(pixEvents)).length).toBe(before);
    // A charge the provider cannot give back now: acknowledged (a 5xx would hold back Asaas's queue),
    // kept unprocessed and re-read by a job (decision 055).
    const unreadable = await postEvent(s.shop.userId, { eventId: 'evt_ilegivel', paymentId: 'pay_local_sumiu' });
    expect(unreadable.statusCode, unreadable.body).toBe(200);
    expect(unreadable.json()).toMatchObject({ received: true, retrying: true });
    const [pendingEvent] = await db().select().from(pixEvents).where(eq(pixEvents.eventId, 'evt_ilegivel'));
    expect(pendingEvent!.processedAt).toBeNull();
    const jobs = resultRows<{ n: number }>(
      await db().execute(
        sql`select count(*)::int as n from pgboss.job where name = 'pix.reread-event' and data->>'eventId' = 'evt_ilegivel'`,
      ),
    );
    expect(Number(jobs[0]!.n)).toBeGreaterThan(0);
    // The token leaked: a 'paid' event for a charge still pending is re-read and not counted.
    const lie = await postEvent(s.shop.userId, { eventId: 'evt_mentira', paymentId: payment!.id });
    expect(lie.statusCode).toBe(200);
    expect((await orderById(e, id)).status).toBe('awaiting_payment');
    // Expired on the bank page: shown as such.
    await pressOnBankPage(s.shop, payment!.id, 'expirar');
    await waitFor(async () => (await orderById(e, id)).status === 'expired', 'the order expired');
    const listed = await s.shop.client.get(`/api/pix/orders?convId=${s.convId}`);
    expect(listed.json().orders[0]).toMatchObject({ id, status: 'expired' });
  });

  it('an event id is one account’s: the same id from another account is its own event, not a duplicate', async () => {
    const a = await pixShop(e, { phone: '5511977774141', name: 'Ana' });
    const b = await pixShop(e, { phone: '5511977774242', name: 'Bia' });
    const charges = await Promise.all([charge(a, 1000), charge(b, 2000)]);
    for (const { id } of charges)
      await waitFor(async () => (await orderById(e, id)).status === 'awaiting_payment', 'the charges');
    const [paymentA] = await standinPaymentsOf(e, charges[0].id);
    const [paymentB] = await standinPaymentsOf(e, charges[1].id);
    const first = await postEvent(b.shop.userId, { eventId: 'evt_compartilhado', paymentId: paymentB!.id });
    expect(first.statusCode).toBe(200);
    const second = await postEvent(a.shop.userId, { eventId: 'evt_compartilhado', paymentId: paymentA!.id });
    expect(second.statusCode).toBe(200);
    expect(second.json().duplicate).toBeUndefined();
    const rows = await db().select().from(pixEvents).where(eq(pixEvents.eventId, 'evt_compartilhado'));
    expect(rows.map((r) => r.userId).sort()).toEqual([a.shop.userId, b.shop.userId].sort());
    expect(rows.every((r) => r.processedAt)).toBe(true);
    // Each account's own replay is still a duplicate.
    const replay = await postEvent(a.shop.userId, { eventId: 'evt_compartilhado', paymentId: paymentA!.id });
    expect(replay.json()).toEqual({ received: true, duplicate: true });
  });

  it('a paid charge refunded at the provider is shown as refunded and leaves the revenue', async () => {
    const s = await pixShop(e, { phone: '5511977775656', name: 'Rui' });
    const { id } = await charge(s, 7000);
    await waitFor(async () => (await orderById(e, id)).status === 'awaiting_payment', 'the charge');
    const [payment] = await standinPaymentsOf(e, id);
    await pressOnBankPage(s.shop, payment!.id, 'pagar');
    await waitFor(async () => (await orderById(e, id)).status === 'paid', 'paid');
    expect((await s.shop.client.get('/api/results?period=today')).json().current.sales.revenueCents).toBe(7000);
    await pressOnBankPage(s.shop, payment!.id, 'estornar');
    await waitFor(async () => (await orderById(e, id)).status === 'refunded', 'the order refunded');
    const listed = await s.shop.client.get(`/api/pix/orders?convId=${s.convId}`);
    expect(listed.json().orders[0]).toMatchObject({ id, status: 'refunded', totalCents: 7000 });
    expect((await s.shop.client.get('/api/results?period=today')).json().current.sales).toMatchObject({
      paidOrders: 0,
      revenueCents: 0,
    });
  });

  it('retried after the provider’s connection was cut (it had made the payment): one charge', async () => {
    const s = await pixShop(e, { phone: '5511977775757', name: 'Sara' });
    // An Asaas that cuts the connection after making the first payment, as a dropped network would.
    const created: (typeof asaas.payment)[] = [];
    let cut = true;
    const server = await startFixtureServer((req) => {
      if (req.method === 'GET' && req.path.startsWith('/v3/payments?'))
        return { body: { ...asaas.emptyList, data: req.path.includes('externalReference') ? created : [] } };
      if (req.method === 'GET' && req.path.startsWith('/v3/webhooks')) return { body: asaas.emptyList };
      if (req.path === '/v3/webhooks') return { body: asaas.webhook };
      if (req.method === 'GET' && req.path.startsWith('/v3/customers?')) return { body: asaas.emptyList };
      if (req.path === '/v3/customers') return { body: asaas.customer };
      if (req.method === 'POST' && req.path === '/v3/payments') {
        created.push({ ...asaas.payment, value: req.body.value, externalReference: req.body.externalReference });
        if (cut) {
          cut = false;
          return 'cut';
        }
        return { body: created.at(-1) };
      }
      if (req.path.endsWith('/pixQrCode')) return { body: asaas.pixQrCode };
      return { status: 404, body: {} };
    });
    try {
      const deps = { ...e.t.app.pix.deps, endpoints: { ...e.t.app.pix.deps.endpoints, asaasUrl: server.url } };
      await savePixSettings(
        deps,
        { id: s.shop.userId, email: 'dono@example.com' },
        {
          provider: 'asaas',
          apiKey: '$aact_prod_teste_1234',
        },
      );
      const [order] = await db()
        .insert(orders)
        .values({
          userId: s.shop.userId,
          convId: s.convId,
          source: 'manual',
          originKey: `teste:${randomUUID()}`,
          description: 'Bolo de festa',
          totalCents: 15000,
        })
        .returning();
      // The job's first try fails on the cut (a transport failure: retried, the order not failed, the lease let go).
      await expect(chargeOrder(deps, order!.id)).rejects.toThrow();
      expect(await orderById(e, order!.id)).toMatchObject({
        status: 'pending',
        claimUntil: null,
        providerChargeId: null,
      });
      // The retry finds the payment the first try made.
      const charged = await chargeOrder(deps, order!.id);
      expect(charged).toMatchObject({
        status: 'awaiting_payment',
        providerChargeId: asaas.payment.id,
        provider: 'asaas',
      });
      expect(created).toHaveLength(1);
      expect(server.requests.filter((r) => r.method === 'POST' && r.path === '/v3/payments')).toHaveLength(1);
      expect(created[0]).toMatchObject({ value: 150, externalReference: order!.id });
    } finally {
      await server.close();
    }
  });

  it('the same order charged by two workers at once makes one charge and one message', async () => {
    const s = await pixShop(e, { phone: '5511977774444', name: 'Edu' });
    // An order whose job has not run yet: written directly, then charged twice at once.
    const [order] = await db()
      .insert(orders)
      .values({
        userId: s.shop.userId,
        convId: s.convId,
        source: 'manual',
        originKey: `teste:${randomUUID()}`,
        description: 'Sessão dupla',
        totalCents: 20000,
      })
      .returning();
    const deps = e.t.app.pix.deps;
    const outcomes = await Promise.allSettled([chargeOrder(deps, order!.id), chargeOrder(deps, order!.id)]);
    // The loser found the order held and fails, to be retried by its job.
    if (outcomes.some((o) => o.status === 'rejected')) await chargeOrder(deps, order!.id);
    expect(await standinPaymentsOf(e, order!.id)).toHaveLength(1);
    const texts = resultRows<{ n: number }>(
      await db().execute(
        sql`select count(*)::int as n from messages where conv_id = ${s.convId} and content like 'Segue o Pix%'`,
      ),
    );
    expect(Number(texts[0]!.n)).toBe(1);
  });

  it('a sender killed mid-way: the next holder settles the message in flight and sends the rest, each once', async () => {
    const s = await pixShop(e, { phone: '5511977773131', name: 'Iara' });
    const order = await insertOrder(e, s, { description: 'Bolo de cenoura', totalCents: 4500 });
    const deps = e.t.app.pix.deps;
    // A process whose first send reaches WhatsApp and never returns: it was killed there.
    const killed = Object.assign(Object.create(deps.gateway) as typeof deps.gateway, {
      sendText: async (...args: Parameters<typeof deps.gateway.sendText>) => {
        await deps.gateway.sendText(...args);
        return new Promise<never>(() => {});
      },
    });
    void chargeOrder({ ...deps, gateway: killed }, order.id);
    const onPhone = async () =>
      (await sentToCustomers(e, s.shop)).filter((m) => m.remoteJid.startsWith('5511977773131')).map((m) => m.text);
    await waitFor(async () => (await onPhone()).some((t) => t?.startsWith('Segue o Pix')), 'the first Pix message');
    // The job taken over before the lease lapses fails, so pg-boss retries it later: ending it here would
    // leave the charge half sent until the sweeper's pass.
    await expect(chargeOrder(deps, order.id)).rejects.toThrow('being sent elsewhere');
    expect((await onPhone()).filter((t) => t?.startsWith('Segue o Pix'))).toHaveLength(1);
    // Its lease lapses (CLAIM_SECONDS after the kill) and the job's retry runs elsewhere.
    await db()
      .update(orders)
      .set({ claimUntil: new Date(Date.now() - 1000) })
      .where(eq(orders.id, order.id));
    await chargeOrder(deps, order.id);
    const { copiaECola } = await orderById(e, order.id);
    expect(await onPhone()).toEqual([
      'Oi! Como posso ajudar?',
      expect.stringMatching(/^Segue o Pix/),
      copiaECola,
      null,
    ]);
    const stored = await db()
      .select({ status: messages.status })
      .from(messages)
      .where(and(eq(messages.convId, s.convId), eq(messages.direction, 'out'), eq(messages.author, 'owner_app')));
    // Each sent (or already confirmed by WhatsApp): none left pending, none failed.
    expect(stored.map((m) => (m.status === 'delivered' || m.status === 'read' ? 'sent' : m.status))).toEqual([
      'sent',
      'sent',
      'sent',
    ]);
    expect((await orderById(e, order.id)).claimUntil).toBeNull();
    // Sent in full: a later run of the job (the sweeper's, a duplicate) ends at once and sends nothing.
    await chargeOrder(deps, order.id);
    expect(await onPhone()).toHaveLength(4);
  });
});
