import { createHmac, randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { brCode } from './br-code.ts';
import { accountOf, newId, type PixStandinStore, type StandinPayment } from './standin-store.ts';

/**
 * Access tokens the stand-in's Mercado Pago accepts: any token of this shape is an account of its own
 * (Mercado Pago's production tokens start with APP_USR-; 'local' marks the stand-in's).
 */
export const MERCADOPAGO_STANDIN_TOKEN_PREFIX = 'APP_USR-local-';

/**
 * The account's webhook signing secret, as Mercado Pago's panel shows it under Webhooks → "Assinatura
 * secreta" (64 hex digits): derived from the account, so the bank page can show it again and the
 * stand-in signs every notification of the account with it, in every process, with nothing stored.
 */
export const mercadoPagoStandinSecret = (account: string) =>
  createHmac('sha256', account).update('pix-standin:mercadopago-webhook-secret').digest('hex');

/**
 * A new account of the stand-in's Mercado Pago, as its developer panel gives one: the access token
 * (VendAI's 'Access Token') and the webhook signing secret (VendAI's 'Assinatura secreta').
 */
export function newMercadoPagoStandinCredentials() {
  const accessToken = `${MERCADOPAGO_STANDIN_TOKEN_PREFIX}${newId('app').replace('app_local_', '')}`;
  return { accessToken, webhookSecret: mercadoPagoStandinSecret(accountOf(accessToken)) };
}

/** Mercado Pago's dates: ISO 8601 with milliseconds and the offset, here Brasília's (-03:00, no DST since 2019). */
export const mercadoPagoDate = (d: Date) => new Date(d.getTime() - 3 * 3600_000).toISOString().replace('Z', '-03:00');

/** Mercado Pago's error body (message, error, status, cause[code, description, data]). */
const mpError = (reply: FastifyReply, status: number, code: number | string, description: string) =>
  reply.status(status).send({
    message: description,
    error: status === 404 ? 'not_found' : status === 401 ? 'unauthorized' : 'bad_request',
    status,
    cause: [{ code, description, data: null }],
  });

/** A payment as Mercado Pago's GET /v1/payments/{id} returns it (amounts in reais). */
function mercadoPagoPayment(p: StandinPayment, pageOf: (id: string) => string, qrPngBase64: string) {
  return {
    id: Number(p.id),
    date_created: mercadoPagoDate(p.createdAt),
    date_approved: p.status === 'approved' && p.paymentDate ? mercadoPagoDate(new Date(p.paymentDate)) : null,
    date_last_updated: mercadoPagoDate(new Date()),
    date_of_expiration: p.expiresAt ? mercadoPagoDate(p.expiresAt) : null,
    operation_type: 'regular_payment',
    payment_method_id: 'pix',
    payment_type_id: 'bank_transfer',
    status: p.status,
    status_detail: p.statusDetail,
    currency_id: 'BRL',
    description: p.description,
    live_mode: false,
    transaction_amount: p.valueCents / 100,
    transaction_amount_refunded: p.status === 'refunded' ? p.valueCents / 100 : 0,
    external_reference: p.externalReference,
    notification_url: p.notificationUrl,
    payer: { email: p.customer },
    point_of_interaction: {
      type: 'PIX',
      transaction_data: {
        qr_code: p.pixPayload,
        qr_code_base64: qrPngBase64,
        ticket_url: pageOf(p.id),
      },
    },
  };
}

/** The QR image of a copia-e-cola, a PNG in base64 (drawn on demand, not at start). */
async function qrPng(payload: string): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  return (await QRCode.toBuffer(payload, { type: 'png', margin: 2, width: 400 })).toString('base64');
}

/**
 * Mercado Pago keeps a Pix QR payable from 30 minutes to 30 days (24 hours when no date is given):
 * https://www.mercadopago.com.br/developers/pt/docs/checkout-api/integration-configuration/integrate-with-pix
 */
const PIX_EXPIRY = { minMs: 30 * 60_000, maxMs: 30 * 24 * 3600_000, defaultMs: 24 * 3600_000 };

/** yyyy-MM-dd'T'HH:mm:ss with optional milliseconds and an offset, as the API asks (error 23 otherwise). */
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:?\d{2})$/;

/** Mercado Pago cancels a payment only from these statuses (error 2018 otherwise). */
const CANCELLABLE = ['pending', 'in_process', 'authorized'];

const saoPauloDate = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(d);

/** Mercado Pago's payment ids are numbers (about 11 digits). */
const newPaymentId = () => String(randomInt(10_000_000_000, 99_999_999_999));

const EMAIL = /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i;

/**
 * The part of Mercado Pago's payments API (v1) a Pix charge needs, on the stand-in's HTTP server:
 * create (X-Idempotency-Key required), read, cancel and search, with the access token as a Bearer.
 * Each refusal is Mercado Pago's own, with its documented code and body
 * (https://www.mercadopago.com.br/developers/pt/reference/online-payments/checkout-api-payments/create-payment/post,
 * https://www.mercadopago.com.br/developers/es/reference/chargebacks/_payments_payment_id/put).
 */
export function mercadoPagoStandinApi(o: {
  store: PixStandinStore;
  /** The payment's page on the stand-in's bank app (its ticket_url and its QR's location). */
  pageOf: (id: string) => string;
}) {
  const { store } = o;
  return async (api: FastifyInstance) => {
    api.addHook('onRequest', async (req, reply) => {
      const auth = req.headers.authorization;
      if (typeof auth !== 'string' || !auth.startsWith('Bearer '))
        return mpError(reply, 401, 5, 'Must provide your access token to proceed');
      const token = auth.slice('Bearer '.length).trim();
      if (!token.startsWith(MERCADOPAGO_STANDIN_TOKEN_PREFIX))
        return reply
          .status(401)
          .send({ message: 'invalid access token', error: 'unauthorized', status: 401, cause: [] });
      (req as unknown as { account: string }).account = accountOf(token);
      await store.expireOverdue({ account: accountOf(token) });
    });
    const account = (req: object) => (req as { account: string }).account;
    const answer = async (p: StandinPayment) => mercadoPagoPayment(p, o.pageOf, await qrPng(p.pixPayload));
    const found = async (req: { params: unknown }) => {
      const p = await store.payment(account(req), (req.params as { id: string }).id);
      return p?.api === 'mercadopago' ? p : null;
    };
    const notFound = (reply: FastifyReply) => mpError(reply, 404, 2000, 'Payment not found');

    api.post('/payments', async (req, reply) => {
      const key = req.headers['x-idempotency-key'];
      if (typeof key !== 'string' || !key.trim())
        return mpError(reply, 400, 4292, "Header X-Idempotency-Key can't be null");
      const b = (req.body ?? {}) as Record<string, unknown>;
      if (b.payment_method_id === undefined || b.payment_method_id === null)
        return mpError(reply, 400, 4001, "payment_method_id attribute can't be null");
      if (b.payment_method_id !== 'pix') return mpError(reply, 400, 3014, 'Invalid parameter payment_method');
      const amount = b.transaction_amount;
      const cents = typeof amount === 'number' ? Math.round(amount * 100) : NaN;
      if (!(cents >= 1) || Math.abs(cents - (amount as number) * 100) > 1e-6)
        return mpError(reply, 400, 4037, 'Invalid transaction_amount');
      const email = (b.payer as { email?: unknown } | undefined)?.email;
      if (typeof email !== 'string' || email.length > 254 || !EMAIL.test(email))
        return mpError(reply, 400, 4050, 'payer.email must be a valid email');
      let expiresAt = new Date(Date.now() + PIX_EXPIRY.defaultMs);
      if (b.date_of_expiration !== undefined) {
        const text = b.date_of_expiration;
        const at = typeof text === 'string' && ISO_WITH_OFFSET.test(text) ? new Date(text) : null;
        if (!at || Number.isNaN(at.getTime()))
          return mpError(
            reply,
            400,
            23,
            "The following parameters must be valid date and format (yyyy-MM-dd'T'HH:mm:ssz) date_of_expiration",
          );
        const ahead = at.getTime() - Date.now();
        if (ahead < PIX_EXPIRY.minMs || ahead > PIX_EXPIRY.maxMs)
          return mpError(reply, 400, 23, 'date_of_expiration must be between 30 minutes and 30 days from now for pix');
        expiresAt = at;
      }
      const notificationUrl = typeof b.notification_url === 'string' ? b.notification_url : null;
      if (notificationUrl !== null && !/^https?:\/\/[^\s]+$/.test(notificationUrl))
        return mpError(reply, 400, 4020, 'notificaction_url attribute must be url valid');
      const id = newPaymentId();
      const payment = await store.addIdempotentPayment({
        id,
        api: 'mercadopago',
        account: account(req),
        customer: email,
        valueCents: cents,
        description: typeof b.description === 'string' ? b.description.slice(0, 600) : '',
        externalReference: typeof b.external_reference === 'string' ? b.external_reference.slice(0, 64) : null,
        status: 'pending',
        statusDetail: 'pending_waiting_transfer',
        idempotencyKey: key.trim(),
        notificationUrl,
        expiresAt,
        dueDate: saoPauloDate(expiresAt),
        pixPayload: brCode({
          location: o.pageOf(id),
          amountCents: cents,
          merchant: 'VendAI Pix local',
          city: 'Sao Paulo',
          txid: `mpqrinter${id}`,
        }),
      });
      return reply.status(201).send(await answer(payment));
    });

    // Declared before /payments/:id so 'search' is not read as an id.
    api.get('/payments/search', async (req) => {
      const q = req.query as { external_reference?: string; limit?: string; offset?: string };
      const limit = Math.min(Math.max(Number(q.limit) || 30, 1), 1000);
      const offset = Math.max(Number(q.offset) || 0, 0);
      const { rows, total } = await store.searchPayments({
        account: account(req),
        api: 'mercadopago',
        externalReference: q.external_reference,
        limit,
        offset,
      });
      return { paging: { total, limit, offset }, results: await Promise.all(rows.map(answer)) };
    });

    api.get('/payments/:id', async (req, reply) => {
      const p = await found(req);
      return p ? answer(p) : notFound(reply);
    });

    // Only 'cancelled', and only from pending, in_process or authorized
    // (https://www.mercadopago.com.br/developers/es/reference/chargebacks/_payments_payment_id/put).
    api.put('/payments/:id', async (req, reply) => {
      const p = await found(req);
      if (!p) return notFound(reply);
      const status = (req.body as { status?: unknown } | null)?.status;
      if (status === undefined || status === null) return mpError(reply, 400, 4017, "Status attribute can't be null");
      if (status !== 'cancelled')
        return mpError(reply, 400, 2016, 'The action requested is not valid for the current payment state');
      const cancelled = CANCELLABLE.includes(p.status)
        ? await store.setStatus(p.id, CANCELLABLE, 'cancelled', { statusDetail: 'by_collector' })
        : null;
      if (!cancelled)
        return mpError(reply, 400, 2018, 'The action requested is not valid for the current payment state');
      return answer(cancelled);
    });
  };
}
