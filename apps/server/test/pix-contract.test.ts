/**
 * The Asaas contract (test/fixtures/pix/asaas.json, each shape citing its page of Asaas's own
 * documentation) held by both sides: the adapter keeps one webhook per account and URL (found in the
 * list, updated, deleted with the settings) and reads chargebacks as refunds; the local stand-in
 * answers with the same shapes, refuses a charge for a customer without CPF/CNPJ with Asaas's error
 * body (every account), keeps several webhooks but at most 10 per account, and supports
 * listing, updating and deleting them. On PGlite and PostgreSQL (the stand-in keeps its state in the
 * app's database).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createAsaasPix, verifyAsaasWebhook } from '../src/integrations/pix/asaas-pix.ts';
import { loadPixAccount } from '../src/modules/pix/pix-account.ts';
import { pixWebhookUrl } from '../src/modules/pix/pix-deps.ts';
import asaas from './fixtures/pix/asaas.json' with { type: 'json' };
import { waitFor } from './helpers/engine-harness.ts';
import { useEngineApp } from './helpers/engine-test.ts';
import { type FixtureServer, startFixtureServer } from './helpers/pix-fixture-server.ts';
import { orderById, pixShop, pressOnBankPage, standinPaymentsOf } from './helpers/pix-helpers.ts';

const URL_OF_HOOK = asaas.webhook.url;
const hookInput = { url: URL_OF_HOOK, authToken: 'a'.repeat(40), email: 'dono@loja.com.br' };

let server: FixtureServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** An Asaas whose account holds `hooks` (the documented webhook shape). */
async function asaasWithWebhooks(hooks: (typeof asaas.webhook)[]) {
  server = await startFixtureServer((req) => {
    if (req.method === 'GET' && req.path.startsWith('/v3/webhooks'))
      return { body: { ...asaas.webhookList, data: hooks, totalCount: hooks.length } };
    if (req.method === 'POST' && req.path === '/v3/webhooks') return { body: { ...asaas.webhook, ...req.body } };
    if (req.method === 'PUT' && req.path === `/v3/webhooks/${asaas.webhook.id}`)
      return { body: { ...asaas.webhook, ...req.body } };
    if (req.method === 'DELETE' && req.path === `/v3/webhooks/${asaas.webhook.id}`)
      return { body: asaas.webhookDeleted };
    if (req.path.startsWith('/v3/payments/')) return { body: { ...asaas.payment, status: 'CHARGEBACK_REQUESTED' } };
    return { status: 404, body: asaas.error };
  });
  return createAsaasPix({ baseUrl: server.url, apiKey: '$aact_test' });
}

const writes = () => server!.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);

describe('Asaas adapter and the documented webhook API', () => {
  it('registers the webhook once: a second save updates the one at the same URL', async () => {
    const none = await asaasWithWebhooks([]);
    await none.configureWebhook(hookInput);
    expect(writes()).toEqual(['POST /v3/webhooks']);
    expect(server!.requests.at(-1)!.body).toMatchObject({ url: URL_OF_HOOK, authToken: hookInput.authToken });
    await server!.close();

    const one = await asaasWithWebhooks([asaas.webhook]);
    await one.configureWebhook({ ...hookInput, authToken: 'b'.repeat(40) });
    expect(writes()).toEqual([`PUT /v3/webhooks/${asaas.webhook.id}`]);
    expect(server!.requests.at(-1)!.body).toMatchObject({ url: URL_OF_HOOK, authToken: 'b'.repeat(40) });
  });

  it('removes the webhook found at its URL, and only that one', async () => {
    const other = { ...asaas.webhook, id: 'another', url: 'https://erp.example.com/asaas' };
    const provider = await asaasWithWebhooks([other, asaas.webhook]);
    await provider.removeWebhook({ url: URL_OF_HOOK });
    expect(writes()).toEqual([`DELETE /v3/webhooks/${asaas.webhook.id}`]);
    await provider.removeWebhook({ url: 'https://app.vendai.com.br/webhooks/pix/nothing-here' });
    expect(writes()).toHaveLength(1);
  });

  it('listens to chargebacks and reads a charged-back payment as refunded', async () => {
    const provider = await asaasWithWebhooks([]);
    await provider.configureWebhook(hookInput);
    expect(server!.requests.at(-1)!.body.events).toContain('PAYMENT_CHARGEBACK_REQUESTED');
    const event = verifyAsaasWebhook(
      { 'asaas-access-token': 't0ken' },
      { ...asaas.events.PAYMENT_CHARGEBACK_REQUESTED, payment: asaas.payment },
      't0ken',
    );
    expect(event).toEqual({
      eventId: asaas.events.PAYMENT_CHARGEBACK_REQUESTED.id,
      providerChargeId: asaas.payment.id,
    });
    expect((await provider.getCharge(asaas.payment.id)).status).toBe('refunded');
  });
});

const e = useEngineApp();

/** The stand-in's Asaas API with an owner's account key. */
async function standinApi(userId: string) {
  const deps = e.t.app.pix.deps;
  const account = (await loadPixAccount(deps, { accountId: userId }))!;
  const base = deps.endpoints.standinUrl!;
  const call = async (path: string, method = 'GET', body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { access_token: account.apiKey, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> & { data?: unknown[] } };
  };
  return { call, url: pixWebhookUrl(deps.env, account.webhookId) };
}

const keysOf = (o: object) => Object.keys(o).sort();

describe('the Pix stand-in holds the same contract', () => {
  it("'Salvar e testar' twice leaves one webhook; removing the settings deletes it", async () => {
    const s = await pixShop(e, { phone: '5511977771111', name: 'Ana' });
    const again = await s.shop.client.request({
      method: 'PUT',
      url: '/api/pix/settings',
      payload: { provider: 'standin' },
    });
    expect(again.statusCode, again.body).toBe(200);
    const api = await standinApi(s.shop.userId);
    const list = await api.call('/v3/webhooks');
    expect(list.status).toBe(200);
    expect(keysOf(list.body)).toEqual(keysOf(asaas.webhookList));
    expect(list.body.data).toHaveLength(1);
    const [hook] = list.body.data as (typeof asaas.webhook)[];
    expect(hook!.url).toBe(api.url);
    for (const key of ['object', 'id', 'url', 'email', 'enabled', 'interrupted', 'sendType'])
      expect(hook, key).toHaveProperty(key);

    const removed = await s.shop.client.request({ method: 'DELETE', url: '/api/pix/settings' });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await api.call('/v3/webhooks')).body.data).toEqual([]);
  });

  it('answers with the documented shapes and refuses an 11th webhook as Asaas does', async () => {
    const s = await pixShop(e, { phone: '5511977771212', name: 'Bia' });
    const api = await standinApi(s.shop.userId);
    const customer = await api.call('/v3/customers', 'POST', { name: 'Bia', cpfCnpj: '52998224725' });
    expect(customer.status).toBe(200);
    for (const key of keysOf(asaas.customer)) expect(customer.body, key).toHaveProperty(key);
    const payment = await api.call('/v3/payments', 'POST', {
      customer: customer.body.id,
      billingType: 'PIX',
      value: 129.9,
      dueDate: '2026-12-01',
      externalReference: 'ref-1',
    });
    for (const key of keysOf(asaas.payment)) expect(payment.body, key).toHaveProperty(key);
    const qr = await api.call(`/v3/payments/${String(payment.body.id)}/pixQrCode`);
    expect(keysOf(qr.body)).toEqual(keysOf(asaas.pixQrCode));
    const list = await api.call('/v3/payments?externalReference=ref-1');
    expect(keysOf(list.body)).toEqual(keysOf(asaas.emptyList));
    // Every account, like Asaas, charges only a customer with a CPF or CNPJ, refused with Asaas's body
    // (fixtures/pix/asaas.json "documentRequired": https://docs.asaas.com/docs/payments-via-pix-dynamic-qr-code).
    const anonymous = await api.call('/v3/customers', 'POST', { name: 'Bia' });
    expect(anonymous.status).toBe(200);
    const noDocument = await api.call('/v3/payments', 'POST', {
      customer: anonymous.body.id,
      billingType: 'PIX',
      value: 129.9,
      dueDate: '2026-12-01',
      externalReference: 'ref-2',
    });
    expect(noDocument.status).toBe(400);
    expect(noDocument.body).toEqual(asaas.documentRequired);
    const refused = await api.call('/v3/payments', 'POST', { customer: 'cus_nope', billingType: 'PIX', value: 1 });
    expect(refused.status).toBe(400);
    expect(keysOf(refused.body)).toEqual(keysOf(asaas.error));
    expect(keysOf((refused.body as typeof asaas.error).errors[0]!)).toEqual(keysOf(asaas.error.errors[0]!));

    // The account already has VendAI's webhook: nine more fit, the eleventh is refused.
    for (let i = 1; i <= 9; i++) {
      const made = await api.call('/v3/webhooks', 'POST', { ...hookInput, url: `https://erp.example.com/${i}` });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
    }
    const eleventh = await api.call('/v3/webhooks', 'POST', { ...hookInput, url: 'https://erp.example.com/11' });
    expect(eleventh.status).toBe(400);
    expect(eleventh.body).toEqual(asaas.webhookLimit);
    // Updated and deleted by id; another account's webhook is not found.
    const [first] = (await api.call('/v3/webhooks')).body.data as (typeof asaas.webhook)[];
    const moved = await api.call(`/v3/webhooks/${first!.id}`, 'PUT', { ...hookInput, url: 'https://x.example.com/' });
    expect(moved.body).toMatchObject({ id: first!.id, url: 'https://x.example.com/' });
    const other = await pixShop(e, { phone: '5511977771313', name: 'Caio' });
    const otherApi = await standinApi(other.shop.userId);
    expect((await otherApi.call(`/v3/webhooks/${first!.id}`, 'DELETE')).status).toBe(404);
    expect((await api.call(`/v3/webhooks/${first!.id}`, 'DELETE')).body).toEqual({ deleted: true, id: first!.id });
    expect((await api.call('/v3/webhooks')).body.data).toHaveLength(9);
  });

  it('a chargeback on the bank page reaches the order as refunded', async () => {
    const s = await pixShop(e, { phone: '5511977771414', name: 'Davi' });
    const res = await s.shop.client.post('/api/pix/charges', {
      convId: s.convId,
      amountCents: 4500,
      description: 'Caneca',
      requestId: crypto.randomUUID(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json() as { id: string };
    await waitFor(async () => (await orderById(e, id)).status === 'awaiting_payment', 'the charge');
    const [payment] = await standinPaymentsOf(e, id);
    await pressOnBankPage(s.shop, payment!.id, 'pagar');
    await waitFor(async () => (await orderById(e, id)).status === 'paid', 'paid');
    await pressOnBankPage(s.shop, payment!.id, 'contestar');
    await waitFor(async () => (await orderById(e, id)).status === 'refunded', 'the order refunded');
  });
});
