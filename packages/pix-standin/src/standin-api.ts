import { isValidCnpj, isValidCpf } from '@brazilian-utils/brazilian-utils';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { brCode } from './br-code.ts';
import { mercadoPagoStandinApi } from './mercadopago-api.ts';
import { accountOf, newId, type PixStandinStore, type StandinPayment } from './standin-store.ts';

/** Where the stand-in's bank-app pages live in the app (standin-pages.ts). */
export const PIX_STANDIN_PAGES_PREFIX = '/pix-local';

/** API keys the stand-in accepts: any key of this shape is an account of its own. */
export const STANDIN_KEY_PREFIX = '$aact_local_';

/** Where the stand-in's Mercado Pago part answers (mercadopago-api.ts), beside Asaas's /v3. */
const MERCADOPAGO_PREFIX = '/v1/';

/** CPF (11 digits) or CNPJ (numeric or alphanumeric), check digits included. */
const validCpfCnpj = (id: string) =>
  /^\d{11}$/.test(id) ? isValidCpf(id) : /^[\dA-Z]{12}\d{2}$/.test(id) && isValidCnpj(id, { version: 2 });

/** A payment as Asaas's API returns it (value in reais, dates as YYYY-MM-DD). */
export function asaasPayment(p: StandinPayment, appUrl: string) {
  return {
    object: 'payment',
    id: p.id,
    dateCreated: p.createdAt.toISOString().slice(0, 10),
    customer: p.customer,
    value: p.valueCents / 100,
    netValue: p.valueCents / 100,
    description: p.description,
    billingType: 'PIX',
    status: p.status,
    dueDate: p.dueDate,
    originalDueDate: p.dueDate,
    paymentDate: p.paymentDate,
    clientPaymentDate: p.paymentDate,
    invoiceUrl: `${appUrl}${PIX_STANDIN_PAGES_PREFIX}/cobranca/${p.id}`,
    externalReference: p.externalReference,
    deleted: p.deleted,
  };
}

/** Asaas allows this many webhooks per account. */
export const MAX_WEBHOOKS = 10;

/** A webhook as Asaas's API returns it (the token is never read back). */
const asaasWebhook = (w: { id: string; url: string; email: string | null }) => ({
  object: 'webhook',
  id: w.id,
  name: 'VendAI Pix',
  url: w.url,
  email: w.email,
  enabled: true,
  interrupted: false,
  apiVersion: 3,
  hasAuthToken: true,
  sendType: 'SEQUENTIALLY',
});

const asaasError = (reply: FastifyReply, status: number, code: string, description: string) =>
  reply.status(status).send({ errors: [{ code, description }] });

/**
 * The part of Asaas's REST API (v3) a Pix charge needs, on its own HTTP server on 127.0.0.1 (which
 * also answers Mercado Pago's /v1/payments: mercadopago-api.ts): customers,
 * payments (create, read, list by externalReference), the payment's Pix QR code and the account's
 * webhooks (create, list, update, delete; at most 10). JSON in and out, the key in the `access_token` header, like Asaas.
 */
export async function startPixStandinApi(o: {
  store: PixStandinStore;
  appUrl: string;
}): Promise<{ server: FastifyInstance; port: number }> {
  const { store } = o;
  const server = Fastify({ logger: false });
  server.decorateRequest('account', '');
  server.addHook('onRequest', async (req, reply) => {
    if (req.url.startsWith(MERCADOPAGO_PREFIX)) return; // Mercado Pago's part checks its own Bearer token
    const key = req.headers['access_token'];
    if (typeof key !== 'string' || !key.startsWith(STANDIN_KEY_PREFIX))
      return reply
        .status(401)
        .send({ errors: [{ code: 'invalid_access_token', description: 'Chave de API inválida' }] });
    (req as unknown as { account: string }).account = accountOf(key);
  });
  const account = (req: object) => (req as { account: string }).account;

  server.get('/v3/payments', async (req) => {
    const q = req.query as { externalReference?: string };
    const data = q.externalReference ? await store.paymentsByReference(account(req), q.externalReference) : [];
    return {
      object: 'list',
      hasMore: false,
      totalCount: data.length,
      limit: 10,
      offset: 0,
      data: data.map((p) => asaasPayment(p, o.appUrl)),
    };
  });

  // Like Asaas's list (https://docs.asaas.com/reference/list-customers), filtered by cpfCnpj only.
  server.get('/v3/customers', async (req) => {
    const q = req.query as { cpfCnpj?: string };
    const cpfCnpj = q.cpfCnpj?.replace(/[.\-/\s]/g, '').toUpperCase();
    const rows = cpfCnpj ? await store.customersByDocument(account(req), cpfCnpj) : [];
    const data = rows.map((c) => ({
      object: 'customer',
      id: c.id,
      name: c.name,
      mobilePhone: c.mobilePhone,
      cpfCnpj: c.cpfCnpj,
      deleted: false,
    }));
    return { object: 'list', hasMore: false, totalCount: data.length, limit: 10, offset: 0, data };
  });

  server.post('/v3/customers', async (req, reply) => {
    const body = (req.body ?? {}) as { name?: unknown; mobilePhone?: unknown; cpfCnpj?: unknown };
    if (typeof body.name !== 'string' || !body.name.trim())
      return asaasError(reply, 400, 'invalid_name', 'O campo name deve ser informado.');
    const cpfCnpj = typeof body.cpfCnpj === 'string' ? body.cpfCnpj.replace(/[.\-/\s]/g, '').toUpperCase() : null;
    if (cpfCnpj !== null && !validCpfCnpj(cpfCnpj))
      return asaasError(reply, 400, 'invalid_cpfCnpj', 'O CPF/CNPJ informado é inválido.');
    const c = await store.addCustomer(account(req), {
      name: body.name,
      mobilePhone: typeof body.mobilePhone === 'string' ? body.mobilePhone : null,
      cpfCnpj,
    });
    return { object: 'customer', id: c.id, name: c.name, mobilePhone: c.mobilePhone, cpfCnpj, deleted: false };
  });

  server.post('/v3/payments', async (req, reply) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    if (b.billingType !== 'PIX') return asaasError(reply, 400, 'invalid_billingType', 'Só PIX no stand-in local.');
    const cents = Math.round(Number(b.value) * 100);
    if (!Number.isInteger(cents) || cents < 1)
      return asaasError(reply, 400, 'invalid_value', 'O valor da cobrança deve ser maior que zero.');
    const customer = typeof b.customer === 'string' ? await store.customer(account(req), b.customer) : null;
    if (!customer) return asaasError(reply, 400, 'invalid_customer', 'Cliente inválido ou não informado.');
    // Like Asaas, every account charges only a customer with a CPF or CNPJ, with Asaas's error body
    // (test/fixtures/pix/asaas.json "documentRequired"; https://docs.asaas.com/docs/payments-via-pix-dynamic-qr-code).
    if (!customer.cpfCnpj)
      return asaasError(
        reply,
        400,
        'invalid_customer.cpfCnpj',
        'Para criar esta cobrança é necessário preencher o CPF ou CNPJ do cliente.',
      );
    if (typeof b.dueDate !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(b.dueDate))
      return asaasError(reply, 400, 'invalid_dueDate', 'Data de vencimento inválida.');
    const id = newId('pay');
    const payment = await store.addPayment({
      id,
      account: account(req),
      customer: customer.id,
      valueCents: cents,
      description: typeof b.description === 'string' ? b.description.slice(0, 500) : '',
      externalReference: typeof b.externalReference === 'string' ? b.externalReference : null,
      dueDate: b.dueDate,
      pixPayload: brCode({
        location: `${o.appUrl}${PIX_STANDIN_PAGES_PREFIX}/cobranca/${id}`,
        amountCents: cents,
        merchant: 'VendAI Pix local',
        city: 'Sao Paulo',
        txid: id,
      }),
    });
    return asaasPayment(payment, o.appUrl);
  });

  server.get('/v3/payments/:id', async (req, reply) => {
    const p = await store.payment(account(req), (req.params as { id: string }).id);
    if (!p) return reply.status(404).send({ errors: [{ code: 'not_found', description: 'Cobrança não encontrada.' }] });
    return asaasPayment(p, o.appUrl);
  });

  // Like Asaas: only a payment awaiting payment or overdue can be removed, and its customer can then no
  // longer pay it (https://docs.asaas.com/reference/remover-cobranca).
  server.delete('/v3/payments/:id', async (req, reply) => {
    const id = (req.params as { id: string }).id;
    const outcome = await store.deletePayment(account(req), id);
    if (outcome === 'deleted') return { deleted: true, id };
    if (outcome === 'refused')
      return asaasError(
        reply,
        400,
        'invalid_action',
        'Somente cobranças aguardando pagamento ou vencidas podem ser removidas.',
      );
    return reply.status(404).send({ errors: [{ code: 'not_found', description: 'Cobrança não encontrada.' }] });
  });

  server.get('/v3/payments/:id/pixQrCode', async (req, reply) => {
    const p = await store.payment(account(req), (req.params as { id: string }).id);
    if (!p) return reply.status(404).send({ errors: [{ code: 'not_found', description: 'Cobrança não encontrada.' }] });
    const { default: QRCode } = await import('qrcode'); // loaded on the first QR drawn, not at start
    const png = await QRCode.toBuffer(p.pixPayload, { type: 'png', margin: 2, width: 400 });
    return {
      encodedImage: png.toString('base64'),
      payload: p.pixPayload,
      // Like Asaas: the QR stays payable 12 months after the due date
      // (https://docs.asaas.com/reference/get-qr-code-for-pix-payments).
      expirationDate: `${Number(p.dueDate.slice(0, 4)) + 1}${p.dueDate.slice(4)} 23:59:59`,
      description: p.description,
    };
  });

  const webhookBody = (req: { body: unknown }) => {
    const b = (req.body ?? {}) as { url?: unknown; authToken?: unknown; email?: unknown };
    if (typeof b.url !== 'string' || !/^https?:\/\//.test(b.url)) return null;
    return {
      url: b.url,
      authToken: typeof b.authToken === 'string' ? b.authToken : null,
      email: typeof b.email === 'string' ? b.email : null,
    };
  };
  const invalidUrl = (reply: FastifyReply) => asaasError(reply, 400, 'invalid_url', 'URL do webhook inválida.');
  const notFound = (reply: FastifyReply) =>
    reply.status(404).send({ errors: [{ code: 'not_found', description: 'Webhook não encontrado.' }] });

  server.get('/v3/webhooks', async (req) => {
    const data = (await store.webhooks(account(req))).map(asaasWebhook);
    return { object: 'list', hasMore: false, totalCount: data.length, limit: 100, offset: 0, data };
  });

  // Like Asaas: at most 10 webhooks per account.
  server.post('/v3/webhooks', async (req, reply) => {
    const w = webhookBody(req);
    if (!w) return invalidUrl(reply);
    if ((await store.webhooks(account(req))).length >= MAX_WEBHOOKS)
      return asaasError(reply, 400, 'invalid_action', 'Limite de 10 webhooks por conta atingido.');
    return asaasWebhook(await store.addWebhook(account(req), w));
  });

  server.put('/v3/webhooks/:id', async (req, reply) => {
    const w = webhookBody(req);
    if (!w) return invalidUrl(reply);
    const row = await store.updateWebhook(account(req), (req.params as { id: string }).id, w);
    return row ? asaasWebhook(row) : notFound(reply);
  });

  server.delete('/v3/webhooks/:id', async (req, reply) => {
    const id = (req.params as { id: string }).id;
    return (await store.deleteWebhook(account(req), id)) ? { deleted: true, id } : notFound(reply);
  });

  await server.register(
    mercadoPagoStandinApi({ store, pageOf: (id) => `${o.appUrl}${PIX_STANDIN_PAGES_PREFIX}/cobranca/${id}` }),
    { prefix: MERCADOPAGO_PREFIX.slice(0, -1) },
  );

  const address = await server.listen({ host: '127.0.0.1', port: 0 });
  return { server, port: Number(new URL(address).port) };
}
