/**
 * The Mercado Pago contract (test/fixtures/pix/mercadopago.json, each shape citing its page of Mercado
 * Pago's own documentation) held by both sides of the real adapter (integrations/pix/mercadopago-pix.ts):
 * the documented answers replayed, and the local stand-in's Mercado Pago (PIX_MERCADOPAGO_URL=local,
 * docs/decisions/038-pix-charges.md) answer the same shapes; the stand-in refuses what Mercado Pago
 * refuses, with its bodies: no X-Idempotency-Key, a bad amount or e-mail, an expiry out of Pix's range,
 * a bad token, cancelling an approved payment. Then an AI order end to end: charged through the
 * stand-in's Mercado Pago, 'Pagar' on the bank page, the signed notification verified, the order paid
 * and the customer told. On PGlite and PostgreSQL (the stand-in keeps its state in the app's database).
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { orders, pixEvents } from '../src/db/schema/index.ts';
import { createMercadoPagoPix } from '../src/integrations/pix/mercadopago-pix.ts';
import { type CreatePixChargeInput, PixProviderError } from '../src/integrations/pix/pix-provider.ts';
import mp from './fixtures/pix/mercadopago.json' with { type: 'json' };
import { customerSays, sentToCustomers, waitFor } from './helpers/engine-harness.ts';
import { useEngineApp } from './helpers/engine-test.ts';
import { type FixtureServer, startFixtureServer } from './helpers/pix-fixture-server.ts';
import { chargedOrder, orderById, pixShop, pressOnBankPage, standinPaymentsOf } from './helpers/pix-helpers.ts';

const e = useEngineApp({ PIX_MERCADOPAGO_URL: 'local' });

let documented: FixtureServer | undefined;
afterEach(async () => {
  await documented?.close();
  documented = undefined;
});

/** Mercado Pago replayed from its documented answers (a payment that has since been approved). */
async function documentedMercadoPago() {
  documented = await startFixtureServer((req) => {
    if (!String(req.headers.authorization).startsWith('Bearer APP_USR-')) return { status: 401, body: mp.unauthorized };
    if (req.method === 'POST' && req.path === '/v1/payments')
      return req.headers['x-idempotency-key']
        ? { status: 201, body: mp.payment }
        : { status: 400, body: mp.idempotencyRequired };
    if (req.method === 'GET' && req.path.startsWith('/v1/payments/search')) return { body: mp.search };
    if (req.method === 'GET' && req.path === `/v1/payments/${mp.payment.id}`)
      return { body: { ...mp.payment, ...mp.statuses.approved } };
    if (req.method === 'PUT' && req.path === `/v1/payments/${mp.payment.id}`)
      return { status: 400, body: mp.cancelRefused };
    return { status: 404, body: mp.notFound };
  });
  return documented.url;
}

/** The stand-in's Mercado Pago credentials, as its bank page shows them to the owner. */
async function standinCredentials() {
  const res = await e.t.app.inject({ method: 'POST', url: '/pix-local/mercadopago/credenciais' });
  expect(res.statusCode).toBe(200);
  const shown = (name: string) => new RegExp(`data-credential="${name}">([^<]+)<`).exec(res.body)![1]!;
  return { accessToken: shown('access-token'), webhookSecret: shown('webhook-secret') };
}

const standinUrl = () => e.t.app.pix.deps.endpoints.mercadoPagoUrl;

/** A raw call to a Mercado Pago API (the stand-in's), to see its answers as the adapter gets them. */
async function call(
  token: string | null,
  path: string,
  o: { method?: string; body?: unknown; key?: string | null } = {},
) {
  const res = await fetch(`${standinUrl()}${path}`, {
    method: o.method ?? 'GET',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(o.body ? { 'content-type': 'application/json' } : {}),
      ...(o.key ? { 'x-idempotency-key': o.key } : {}),
    },
    body: o.body ? JSON.stringify(o.body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as any };
}

const inAnHour = () => new Date(Date.now() + 3600_000);
const pixBody = (over: Record<string, unknown> = {}) => ({
  transaction_amount: 129.9,
  description: 'Pedido: 2x Camiseta básica (G)',
  payment_method_id: 'pix',
  external_reference: 'ref-1',
  date_of_expiration: inAnHour().toISOString(),
  payer: { email: 'whatsapp-5511977771111@clientes.vendai.com.br' },
  ...over,
});
const chargeInput = (reference: string): CreatePixChargeInput => ({
  reference,
  amountCents: 12990,
  description: 'Pedido: 2x Camiseta básica (G)',
  customer: { name: 'Ana', phone: '5511977771111', document: null },
  expiresAt: inAnHour(),
  notificationUrl: 'http://127.0.0.1:9/webhooks/pix/nowhere',
});

const keysOf = (o: object) => Object.keys(o).sort();
/** Each documented key is in the stand-in's answer (the stand-in may say more, as Mercado Pago does). */
const hasDocumentedKeys = (answer: object, doc: object) => {
  for (const key of keysOf(doc)) expect(answer, key).toHaveProperty(key);
};
const refusal = (err: unknown) => {
  expect(err).toBeInstanceOf(PixProviderError);
  return err as PixProviderError;
};

describe('the real Mercado Pago adapter against the documented answers and the stand-in', () => {
  it('answers the same shapes on both sides: create, read, search, and a QR that is a PNG and a BR Code', async () => {
    const { accessToken } = await standinCredentials();
    const sides = [
      { url: await documentedMercadoPago(), token: 'APP_USR-123-documented' },
      { url: standinUrl(), token: accessToken },
    ];
    const charges = [];
    for (const side of sides) {
      const adapter = createMercadoPagoPix({ baseUrl: side.url, accessToken: side.token });
      await adapter.test();
      const charge = await adapter.createCharge(chargeInput(crypto.randomUUID()));
      expect(charge.copiaECola).toMatch(/^000201.*6304[0-9A-F]{4}$/);
      expect(Buffer.from(charge.qrPngBase64, 'base64').subarray(1, 4).toString()).toBe('PNG');
      const state = await adapter.getCharge(charge.providerId);
      expect(keysOf(state)).toEqual(keysOf(charge).filter((k) => k in state));
      charges.push(charge);
    }
    expect(keysOf(charges[1]!)).toEqual(keysOf(charges[0]!));

    const made = await call(accessToken, '/v1/payments', { method: 'POST', body: pixBody(), key: 'k-shapes' });
    expect(made.status).toBe(201);
    hasDocumentedKeys(made.body, mp.payment);
    expect(keysOf(made.body.point_of_interaction.transaction_data)).toEqual(
      keysOf(mp.payment.point_of_interaction.transaction_data),
    );
    expect(made.body).toMatchObject({ status: 'pending', payment_method_id: 'pix', transaction_amount: 129.9 });
    expect(made.body.point_of_interaction.transaction_data.ticket_url).toContain(`/pix-local/cobranca/${made.body.id}`);
    const read = await call(accessToken, `/v1/payments/${made.body.id}`);
    expect(read.body).toMatchObject({ id: made.body.id, status: 'pending', external_reference: 'ref-1' });
    const found = await call(accessToken, '/v1/payments/search?external_reference=ref-1&limit=1');
    expect(keysOf(found.body)).toEqual(keysOf(mp.search));
    expect(keysOf(found.body.paging)).toEqual(keysOf(mp.search.paging));
    expect(found.body.results.map((p: { id: number }) => p.id)).toEqual([made.body.id]);
  });

  it('honours X-Idempotency-Key: the same key answers the payment it first made', async () => {
    const { accessToken } = await standinCredentials();
    const first = await call(accessToken, '/v1/payments', { method: 'POST', body: pixBody(), key: 'pedido-1' });
    const again = await call(accessToken, '/v1/payments', {
      method: 'POST',
      body: pixBody({ transaction_amount: 5 }),
      key: 'pedido-1',
    });
    expect(again.body).toMatchObject({ id: first.body.id, transaction_amount: 129.9 });
    const adapter = createMercadoPagoPix({ baseUrl: standinUrl(), accessToken });
    const reference = crypto.randomUUID();
    const [a, b] = await Promise.all([
      adapter.createCharge(chargeInput(reference)),
      adapter.createCharge(chargeInput(reference)),
    ]);
    expect(b.providerId).toBe(a.providerId);
    // Another account's key is another payment; and it cannot read this one.
    const other = await standinCredentials();
    const theirs = await call(other.accessToken, '/v1/payments', { method: 'POST', body: pixBody(), key: 'pedido-1' });
    expect(theirs.body.id).not.toBe(first.body.id);
    expect(await call(other.accessToken, `/v1/payments/${first.body.id}`)).toEqual({ status: 404, body: mp.notFound });
  });

  it('refuses what Mercado Pago refuses, with its bodies', async () => {
    const { accessToken } = await standinCredentials();
    const post = (body: unknown, key: string | null = crypto.randomUUID()) =>
      call(accessToken, '/v1/payments', { method: 'POST', body, key });
    expect(await post(pixBody(), null)).toEqual({ status: 400, body: mp.idempotencyRequired });
    for (const transaction_amount of [0, -10, 1.234, '10.00', null]) {
      const bad = await post(pixBody({ transaction_amount }));
      expect(bad.status, String(transaction_amount)).toBe(400);
      expect(keysOf(bad.body)).toEqual(keysOf(mp.badRequest));
      expect(bad.body.cause[0]).toMatchObject(mp.badRequest.cause[0]!);
    }
    expect(await post(pixBody({ payer: {} }))).toEqual({ status: 400, body: mp.invalidEmail });
    expect(await post(pixBody({ payer: { email: 'sem-arroba' } }))).toEqual({ status: 400, body: mp.invalidEmail });
    for (const date_of_expiration of [
      new Date(Date.now() + 10 * 60_000).toISOString(), // under Pix's 30 minutes
      new Date(Date.now() + 31 * 24 * 3600_000).toISOString(), // over its 30 days
      '2026-12-01', // no time nor offset
    ]) {
      const bad = await post(pixBody({ date_of_expiration }));
      expect(bad.status, date_of_expiration).toBe(400);
      expect(bad.body.cause[0].code).toBe(23);
    }
    expect((await post(pixBody({ payment_method_id: undefined }))).body.cause[0].code).toBe(4001);
    expect((await post(pixBody({ payment_method_id: 'visa' }))).status).toBe(400);

    // A bad token: the documented 401 body on both sides, a PixProviderError 401 in the adapter.
    expect(await call('APP_USR-123-not-local', '/v1/payments/search')).toEqual({ status: 401, body: mp.unauthorized });
    expect((await call(null, '/v1/payments/search')).status).toBe(401);
    for (const url of [standinUrl(), await documentedMercadoPago()]) {
      const err = await createMercadoPagoPix({ baseUrl: url, accessToken: 'TEST-not-an-app-user' })
        .test()
        .catch((x: unknown) => x);
      expect(refusal(err).status).toBe(401);
    }
  });

  it('cancels a pending payment; refuses to cancel an approved one as Mercado Pago does', async () => {
    const { accessToken } = await standinCredentials();
    const adapter = createMercadoPagoPix({ baseUrl: standinUrl(), accessToken });
    const pending = await adapter.createCharge(chargeInput(crypto.randomUUID()));
    await adapter.cancelCharge(pending.providerId);
    expect((await adapter.getCharge(pending.providerId)).status).toBe('cancelled');

    const paid = await adapter.createCharge(chargeInput(crypto.randomUUID()));
    await e.t.app.pix.standin!.act(paid.providerId, 'pagar');
    expect((await adapter.getCharge(paid.providerId)).status).toBe('paid');
    for (const side of [
      adapter,
      createMercadoPagoPix({ baseUrl: await documentedMercadoPago(), accessToken: 'APP_USR-1' }),
    ]) {
      const err = refusal(
        await side.cancelCharge(side === adapter ? paid.providerId : String(mp.payment.id)).catch((x: unknown) => x),
      );
      expect(err.status).toBe(400);
      expect(err.detail).toEqual(mp.cancelRefused);
    }
    expect((await adapter.getCharge(paid.providerId)).status).toBe('paid');
    const missing = refusal(await adapter.getCharge('12345').catch((x: unknown) => x));
    expect(missing.status).toBe(404);
  });

  it('a Pix left unpaid past its date_of_expiration is cancelled as expired and cannot be paid', async () => {
    const { accessToken } = await standinCredentials();
    const adapter = createMercadoPagoPix({ baseUrl: standinUrl(), accessToken });
    const charge = await adapter.createCharge(chargeInput(crypto.randomUUID()));
    // Its date passes (as if the hour had gone by).
    await e.t.database.db.execute(
      sql`update pix_standin_payments set expires_at = now() - interval '1 minute' where id = ${charge.providerId}`,
    );
    expect(await e.t.app.pix.standin!.act(charge.providerId, 'pagar')).toBeNull();
    const read = await call(accessToken, `/v1/payments/${charge.providerId}`);
    expect(read.body).toMatchObject({ status: 'cancelled', status_detail: 'expired' });
    expect(read.body.status_detail).toBe(mp.statuses.expired.status_detail);
    expect((await adapter.getCharge(charge.providerId)).status).toBe('expired');
  });
});

describe('an AI order through the stand-in’s Mercado Pago', () => {
  it("charged, 'Pagar' on the bank page, the signed notification verified, the order paid and the customer told", async () => {
    const customer = { phone: '5511977773838', name: 'Marina' };
    const credentials = await standinCredentials();
    const s = await pixShop(e, customer, {
      settings: { provider: 'mercadopago', apiKey: credentials.accessToken, webhookSecret: credentials.webhookSecret },
    });
    const item = await s.shop.client.post('/api/catalogue', { name: 'Bolo de cenoura', priceCents: 4500 });
    expect(item.statusCode, item.body).toBe(201);
    e.llm.respond = async () => ({
      content: JSON.stringify({
        reply: 'Fechado! Vou te mandar o Pix.',
        handoff: null,
        needs_owner: null,
        hot_lead: true,
        pedido: { itens: [{ id: item.json().id, quantidade: 2 }] },
      }),
    });
    await customerSays(e, s.shop, 'Quero dois bolos de cenoura', customer);
    let orderId = '';
    await waitFor(async () => {
      const [order] = await e.t.database.db
        .select()
        .from(orders)
        .where(and(eq(orders.convId, s.convId), eq(orders.status, 'awaiting_payment')));
      orderId = order?.id ?? '';
      return orderId !== '';
    }, 'the order charged');
    const [payment] = await standinPaymentsOf(e, orderId);
    expect(payment).toMatchObject({ value_cents: 9000, status: 'pending' });
    expect(payment!.id).toMatch(/^\d+$/);
    await waitFor(
      async () => (await sentToCustomers(e, s.shop)).some((m) => m.text?.startsWith('000201')),
      'the Pix on the customer’s phone',
    );

    await pressOnBankPage(s.shop, payment!.id, 'pagar');
    await waitFor(async () => (await orderById(e, orderId)).status === 'paid', 'the order paid');
    const events = await e.t.database.db
      .select()
      .from(pixEvents)
      .where(and(eq(pixEvents.userId, s.shop.userId), eq(pixEvents.provider, 'mercadopago')));
    expect(events.map((ev) => ev.providerChargeId)).toEqual([payment!.id]);
    await waitFor(
      async () =>
        (await sentToCustomers(e, s.shop)).some((m) => m.text?.startsWith('Pagamento de R$ 90,00 recebido, Marina')),
      'the customer told',
    );
  });

  it('a notification signed with another secret than the one the owner pasted is refused', async () => {
    const credentials = await standinCredentials();
    const s = await pixShop(
      e,
      { phone: '5511977773939', name: 'Otávio' },
      { settings: { provider: 'mercadopago', apiKey: credentials.accessToken, webhookSecret: 'f'.repeat(64) } },
    );
    const orderId = await chargedOrder(e, s, 2500);
    const [payment] = await standinPaymentsOf(e, orderId);
    await pressOnBankPage(s.shop, payment!.id, 'pagar'); // the notification is posted before this returns
    const events = await e.t.database.db.select().from(pixEvents).where(eq(pixEvents.userId, s.shop.userId));
    expect(events).toEqual([]);
    expect((await orderById(e, orderId)).status).toBe('awaiting_payment');
  });
});
