/**
 * The Pix adapters against their providers' recorded payload shapes (test/fixtures/pix): what they
 * send, what they make of the answers and events (received, confirmed, overdue, refunded), retries
 * after a cut connection without a second charge, and webhook verification (token, signature).
 */
import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createAsaasPix, verifyAsaasWebhook } from '../src/integrations/pix/asaas-pix.ts';
import {
  createMercadoPagoPix,
  MERCADO_PAGO_SIGNATURE_TOLERANCE_S,
  mercadoPagoManifest,
  verifyMercadoPagoWebhook,
} from '../src/integrations/pix/mercadopago-pix.ts';
import { PixProviderError } from '../src/integrations/pix/pix-provider.ts';
import asaas from './fixtures/pix/asaas.json' with { type: 'json' };
import mp from './fixtures/pix/mercadopago.json' with { type: 'json' };
import { type FixtureServer, startFixtureServer } from './helpers/pix-fixture-server.ts';

const ORDER = asaas.payment.externalReference;
const input = {
  reference: ORDER,
  amountCents: 12990,
  description: 'Pedido: 2x Camiseta básica (G)',
  customer: { name: 'Carla Dias', phone: '5511977770000', document: null as string | null },
  expiresAt: new Date('2026-05-26T15:00:00Z'),
  notificationUrl: 'http://127.0.0.1:3000/webhooks/pix/abc',
};

let server: FixtureServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** An Asaas that keeps the payments it created (so a retry can find them by externalReference). */
function fakeAsaas(o: { cutFirstCreate?: boolean } = {}) {
  const created: (typeof asaas.payment)[] = [];
  let cut = o.cutFirstCreate ?? false;
  return {
    created,
    handle: (req: { method: string; path: string; body: any }) => {
      if (req.method === 'GET' && req.path.startsWith('/v3/payments?'))
        return { body: { ...asaas.emptyList, data: created, totalCount: created.length } };
      if (req.method === 'GET' && req.path.startsWith('/v3/customers?')) return { body: asaas.emptyList };
      if (req.path === '/v3/customers') return { body: asaas.customer };
      if (req.method === 'POST' && req.path === '/v3/payments') {
        created.push({ ...asaas.payment, externalReference: req.body.externalReference });
        if (cut) {
          cut = false;
          return 'cut' as const;
        }
        return { body: created.at(-1) };
      }
      if (req.path.endsWith('/pixQrCode')) return { body: asaas.pixQrCode };
      if (req.path.startsWith('/v3/payments/')) return { body: created[0] ?? asaas.payment };
      return { status: 404, body: {} };
    },
  };
}

describe('Asaas adapter', () => {
  it('creates a Pix payment with the order as externalReference and reads its QR code', async () => {
    const fake = fakeAsaas();
    server = await startFixtureServer(fake.handle);
    const charge = await createAsaasPix({ baseUrl: server.url, apiKey: '$aact_test' }).createCharge(input);
    const create = server.requests.find((r) => r.method === 'POST' && r.path === '/v3/payments')!;
    expect(create.headers['access_token']).toBe('$aact_test');
    expect(create.body).toMatchObject({
      customer: asaas.customer.id,
      billingType: 'PIX',
      value: 129.9,
      dueDate: '2026-05-26',
      externalReference: ORDER,
    });
    expect(charge).toMatchObject({
      providerId: asaas.payment.id,
      status: 'pending',
      amountCents: 12990,
      reference: ORDER,
      copiaECola: asaas.pixQrCode.payload,
      qrPngBase64: asaas.pixQrCode.encodedImage,
    });
    // The intended expiry (the input's), not the QR's expirationDate, which Asaas sets 12 months after
    // the due date (https://docs.asaas.com/reference/get-qr-code-for-pix-payments; the fixture's value).
    expect(charge.expiresAt.toISOString()).toBe(input.expiresAt.toISOString());
  });

  it('retried after a cut connection, finds the payment the first try made: one charge', async () => {
    const fake = fakeAsaas({ cutFirstCreate: true });
    server = await startFixtureServer(fake.handle);
    const pix = createAsaasPix({ baseUrl: server.url, apiKey: '$aact_test' });
    await expect(pix.createCharge(input)).rejects.toBeInstanceOf(PixProviderError);
    const charge = await pix.createCharge(input);
    expect(charge.providerId).toBe(asaas.payment.id);
    expect(fake.created).toHaveLength(1);
  });

  it('sends the payer’s CPF with the customer; refused for want of one, says the document is what is missing', async () => {
    const fake = fakeAsaas();
    server = await startFixtureServer(fake.handle);
    await createAsaasPix({ baseUrl: server.url, apiKey: 'k' }).createCharge({
      ...input,
      customer: { ...input.customer, document: '12345678909' },
    });
    const customer = server.requests.find((r) => r.path === '/v3/customers')!;
    expect(customer.body).toMatchObject({ name: 'Carla Dias', cpfCnpj: '12345678909', mobilePhone: '11977770000' });
    await server.close();

    const refusing = fakeAsaas();
    server = await startFixtureServer((req) =>
      req.method === 'POST' && req.path === '/v3/payments'
        ? { status: 400, body: asaas.documentRequired }
        : refusing.handle(req),
    );
    const err = await createAsaasPix({ baseUrl: server.url, apiKey: 'k' })
      .createCharge(input)
      .catch((e) => e);
    expect(err).toBeInstanceOf(PixProviderError);
    expect(err.reason).toBe('payer_document');
    expect(server.requests.find((r) => r.path === '/v3/customers')!.body).not.toHaveProperty('cpfCnpj');
  });

  it('one customer per payer: a customer with the CPF is looked up first and reused', async () => {
    const fake = fakeAsaas();
    const found = { ...asaas.customer, cpfCnpj: '12345678909' };
    server = await startFixtureServer((req) =>
      req.method === 'GET' && req.path.startsWith('/v3/customers?')
        ? { body: { ...asaas.emptyList, data: [found], totalCount: 1 } }
        : fake.handle(req),
    );
    await createAsaasPix({ baseUrl: server.url, apiKey: 'k' }).createCharge({
      ...input,
      customer: { ...input.customer, document: '12345678909' },
    });
    expect(server.requests.some((r) => r.path === '/v3/customers?cpfCnpj=12345678909&limit=10')).toBe(true);
    expect(server.requests.filter((r) => r.method === 'POST' && r.path === '/v3/customers')).toHaveLength(0);
    expect(server.requests.find((r) => r.method === 'POST' && r.path === '/v3/payments')!.body).toMatchObject({
      customer: found.id,
    });
  });

  it('reads each event’s payment status: received, confirmed, overdue, refunded, charged back', async () => {
    const statuses: Record<string, string> = {
      RECEIVED: 'paid',
      CONFIRMED: 'paid',
      OVERDUE: 'expired',
      REFUNDED: 'refunded',
      CHARGEBACK_REQUESTED: 'refunded',
    };
    let current = 'PENDING';
    server = await startFixtureServer(() => ({ body: { ...asaas.payment, status: current } }));
    const pix = createAsaasPix({ baseUrl: server.url, apiKey: '$aact_test' });
    for (const event of Object.values(asaas.events)) {
      current = event.paymentStatus;
      expect((await pix.getCharge(asaas.payment.id)).status).toBe(statuses[current]);
    }
  });

  it('turns a refusal into a Portuguese error with the provider’s reason', async () => {
    server = await startFixtureServer(() => ({ status: 400, body: asaas.error }));
    const err = await createAsaasPix({ baseUrl: server.url, apiKey: 'k' })
      .getCharge('x')
      .catch((e) => e);
    expect(err).toBeInstanceOf(PixProviderError);
    expect(err.message).toContain('Cliente inválido');
    server.requests.length = 0;
  });

  it('verifies the asaas-access-token header; anything else is refused', () => {
    for (const [name, event] of Object.entries(asaas.events)) {
      const body = { ...event, payment: asaas.payment };
      expect(verifyAsaasWebhook({ 'asaas-access-token': 'segredo' }, body, 'segredo'), name).toEqual({
        eventId: event.id,
        providerChargeId: asaas.payment.id,
      });
      expect(verifyAsaasWebhook({ 'asaas-access-token': 'outro' }, body, 'segredo')).toBeNull();
      expect(verifyAsaasWebhook({}, body, 'segredo')).toBeNull();
    }
    expect(verifyAsaasWebhook({ 'asaas-access-token': 'segredo' }, { event: 'X' }, 'segredo')).toBeNull();
  });
});

describe('Mercado Pago adapter', () => {
  it('creates a Pix payment with the order as X-Idempotency-Key; a retry after a cut connection gets the same one', async () => {
    const byKey = new Map<string, unknown>();
    let cut = true;
    server = await startFixtureServer((req) => {
      const key = String(req.headers['x-idempotency-key']);
      if (!byKey.has(key)) byKey.set(key, { ...mp.payment, external_reference: req.body.external_reference });
      if (cut) {
        cut = false;
        return 'cut';
      }
      return { status: 201, body: byKey.get(key) };
    });
    const pix = createMercadoPagoPix({ baseUrl: server.url, accessToken: 'APP_USR-test' });
    await expect(pix.createCharge(input)).rejects.toBeInstanceOf(PixProviderError);
    const charge = await pix.createCharge(input);
    expect(byKey.size).toBe(1);
    const [first, second] = server.requests;
    expect(first!.headers['x-idempotency-key']).toBe(ORDER);
    expect(second!.headers['x-idempotency-key']).toBe(ORDER);
    expect(first!.headers.authorization).toBe('Bearer APP_USR-test');
    expect(first!.body).toMatchObject({
      transaction_amount: 129.9,
      payment_method_id: 'pix',
      external_reference: ORDER,
      notification_url: input.notificationUrl,
    });
    expect(first!.body.payer.email).toMatch(/@/);
    expect(first!.body.payer).not.toHaveProperty('identification');
    expect(charge).toMatchObject({
      providerId: String(mp.payment.id),
      status: 'pending',
      amountCents: 12990,
      copiaECola: mp.payment.point_of_interaction.transaction_data.qr_code,
      qrPngBase64: mp.payment.point_of_interaction.transaction_data.qr_code_base64,
    });
    expect(charge.expiresAt.toISOString()).toBe('2026-05-26T17:01:08.000Z');
  });

  it('sends the payer’s CPF or CNPJ as identification when the customer gave it', async () => {
    server = await startFixtureServer(() => ({ status: 201, body: mp.payment }));
    const pix = createMercadoPagoPix({ baseUrl: server.url, accessToken: 't' });
    await pix.createCharge({ ...input, customer: { ...input.customer, document: '12345678909' } });
    await pix.createCharge({
      ...input,
      reference: 'outro',
      customer: { ...input.customer, document: '12345678000195' },
    });
    expect(server.requests.map((r) => r.body.payer.identification)).toEqual([
      { type: 'CPF', number: '12345678909' },
      { type: 'CNPJ', number: '12345678000195' },
    ]);
  });

  it('reads approved, refunded and expired payments', async () => {
    let status: { status: string; status_detail: string } = mp.statuses.approved;
    server = await startFixtureServer(() => ({ body: { ...mp.payment, ...status } }));
    const pix = createMercadoPagoPix({ baseUrl: server.url, accessToken: 't' });
    expect((await pix.getCharge('1')).status).toBe('paid');
    status = mp.statuses.refunded;
    expect((await pix.getCharge('1')).status).toBe('refunded');
    status = mp.statuses.expired;
    expect((await pix.getCharge('1')).status).toBe('expired');
  });

  it('reports the provider’s cause for a refused payment', async () => {
    server = await startFixtureServer(() => ({ status: 400, body: mp.badRequest }));
    const err = await createMercadoPagoPix({ baseUrl: server.url, accessToken: 't' })
      .createCharge(input)
      .catch((e) => e);
    expect(err.message).toContain('Invalid transaction_amount');
    expect(err.status).toBe(400);
  });

  it('verifies x-signature over id, request-id and ts; a forged or moved signature is refused', () => {
    const secret = 'assinatura-secreta-do-app';
    const ts = String(Math.floor(Date.now() / 1000));
    const { headers, query, body } = mp.notification;
    const v1 = createHmac('sha256', secret)
      .update(mercadoPagoManifest({ dataId: query['data.id'], requestId: headers['x-request-id'], ts }))
      .digest('hex');
    const signed = { ...headers, 'x-signature': `ts=${ts},v1=${v1}` };
    expect(verifyMercadoPagoWebhook(signed, query, body, secret)).toEqual({
      eventId: String(body.id),
      providerChargeId: query['data.id'],
    });
    expect(verifyMercadoPagoWebhook(signed, query, body, 'outro-segredo')).toBeNull();
    expect(verifyMercadoPagoWebhook({ ...signed, 'x-request-id': 'outra' }, query, body, secret)).toBeNull();
    expect(verifyMercadoPagoWebhook(signed, { ...query, 'data.id': '999' }, body, secret)).toBeNull();
    expect(verifyMercadoPagoWebhook(headers, query, body, secret)).toBeNull();
    expect(verifyMercadoPagoWebhook({ ...headers, 'x-signature': `ts=${ts},v1=zz` }, query, body, secret)).toBeNull();
  });

  // Mercado Pago signs `ts` (seconds) into the manifest; a receiver checks it against its clock so a captured
  // notification cannot be replayed later:
  // https://www.mercadopago.com.br/developers/en/docs/checkout-api-orders/notifications ("validate the origin"),
  // and the SDKs' tolerance check: https://github.com/mercadopago/sdk-nodejs/issues/458.
  it('refuses a correctly signed notification whose ts is outside the tolerance, either way', () => {
    const secret = 'assinatura-secreta-do-app';
    const { headers, query, body } = mp.notification;
    const signedAt = (ts: string) => ({
      ...headers,
      'x-signature': `ts=${ts},v1=${createHmac('sha256', secret)
        .update(mercadoPagoManifest({ dataId: query['data.id'], requestId: headers['x-request-id'], ts }))
        .digest('hex')}`,
    });
    const now = Date.parse('2026-11-29T10:00:00Z');
    const seconds = (offset: number) => String(Math.floor(now / 1000) + offset);
    const tolerance = MERCADO_PAGO_SIGNATURE_TOLERANCE_S;
    expect(verifyMercadoPagoWebhook(signedAt(seconds(-tolerance + 5)), query, body, secret, now)).not.toBeNull();
    expect(verifyMercadoPagoWebhook(signedAt(seconds(-tolerance - 5)), query, body, secret, now)).toBeNull();
    expect(verifyMercadoPagoWebhook(signedAt(seconds(tolerance + 5)), query, body, secret, now)).toBeNull();
    expect(verifyMercadoPagoWebhook(signedAt('1716651000'), query, body, secret, now)).toBeNull();
    // A ts in milliseconds (13 digits) is read as such.
    expect(verifyMercadoPagoWebhook(signedAt(String(now - 1000)), query, body, secret, now)).not.toBeNull();
  });
});
