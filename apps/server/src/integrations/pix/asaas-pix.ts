import { timingSafeEqual } from 'node:crypto';
import { pixJson } from './pix-http.ts';
import {
  type CreatePixChargeInput,
  PixProviderError,
  type PixCharge,
  type PixChargeState,
  type PixChargeStatus,
  type PixProvider,
  type PixWebhookEvent,
} from './pix-provider.ts';

/** Asaas's payment as its API returns it (the fields VendAI reads). */
export interface AsaasPayment {
  id: string;
  status: string;
  value: number;
  externalReference?: string | null;
  deleted?: boolean;
}

interface AsaasQrCode {
  encodedImage: string;
  payload: string;
  expirationDate: string;
}

const STATUS: Record<string, PixChargeStatus> = {
  PENDING: 'pending',
  AWAITING_RISK_ANALYSIS: 'pending',
  RECEIVED: 'paid',
  CONFIRMED: 'paid',
  RECEIVED_IN_CASH: 'paid',
  OVERDUE: 'expired',
  REFUNDED: 'refunded',
  REFUND_REQUESTED: 'refunded',
  REFUND_IN_PROGRESS: 'refunded',
  CHARGEBACK_REQUESTED: 'refunded',
  DELETED: 'cancelled',
};

/** The events VendAI listens to; the status always comes from re-reading the payment. */
export const ASAAS_EVENTS = [
  'PAYMENT_RECEIVED',
  'PAYMENT_CONFIRMED',
  'PAYMENT_OVERDUE',
  'PAYMENT_REFUNDED',
  'PAYMENT_CHARGEBACK_REQUESTED',
  'PAYMENT_DELETED',
];

/** An account's webhook as GET /v3/webhooks lists it (the fields VendAI reads). */
interface AsaasWebhook {
  id: string;
  url: string;
}

const toCents = (reais: number) => Math.round(reais * 100);

export function asaasState(p: AsaasPayment): PixChargeState {
  return {
    providerId: p.id,
    status: p.deleted ? 'cancelled' : (STATUS[p.status] ?? 'pending'),
    amountCents: toCents(p.value),
    reference: p.externalReference ?? null,
  };
}

/** Asaas's QR expiry is a Brasília wall time ('2026-05-25 23:59:59'). */
const brasiliaTime = (text: string) => new Date(`${text.replace(' ', 'T')}-03:00`);
const brasiliaDate = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(d);

const describe = (data: { errors?: { description?: string }[] }) => data?.errors?.[0]?.description ?? null;

/**
 * Asaas creates a Pix charge only for a customer with a CPF or CNPJ: without one (or with an invalid
 * one) it answers 400 with an error whose code names `cpfCnpj` ('invalid_cpfCnpj',
 * 'invalid_customer.cpfCnpj') and a description such as 'Para criar esta cobrança é necessário
 * preencher o CPF ou CNPJ do cliente.'. Such a refusal is the customer's document to ask for, not a
 * failed order.
 */
function asPayerDocumentRefusal(err: unknown): unknown {
  if (!(err instanceof PixProviderError) || err.status !== 400) return err;
  const errors = (err.detail as { errors?: { code?: string; description?: string }[] } | null)?.errors ?? [];
  const aboutDocument = errors.some(
    (e) => /cpfcnpj/i.test(e.code ?? '') || /\bCPF\b|\bCNPJ\b/i.test(e.description ?? ''),
  );
  return aboutDocument ? new PixProviderError(err.message, err.status, err.detail, 'payer_document') : err;
}

/**
 * Asaas (API v3): a customer, then POST /v3/payments with billingType PIX and the order id as
 * externalReference, then GET /v3/payments/{id}/pixQrCode for the image and the copia-e-cola. Asaas
 * has no idempotency key, so a charge is looked up by externalReference before one is created: a
 * retry after a cut connection finds the payment the first try made. The local stand-in speaks this
 * same API (`baseUrl` pointed at it).
 */
export function createAsaasPix(o: { baseUrl: string; apiKey: string }): PixProvider {
  const base = o.baseUrl.replace(/\/$/, '');
  const headers = { access_token: o.apiKey, 'user-agent': 'VendAI' };
  const call = <T>(path: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE' = 'GET', body?: unknown) =>
    pixJson<T>(`${base}${path}`, { method, headers, body, describe });

  async function existing(reference: string): Promise<AsaasPayment | null> {
    const list = await call<{ data: AsaasPayment[] }>(
      `/v3/payments?externalReference=${encodeURIComponent(reference)}`,
    );
    return list.data.find((p) => !p.deleted) ?? null;
  }

  /** The account's webhook that posts to `url`, if any (an account has at most 10). */
  async function webhookAt(url: string): Promise<AsaasWebhook | null> {
    const list = await call<{ data: AsaasWebhook[] }>('/v3/webhooks?limit=100');
    return list.data.find((w) => w.url === url) ?? null;
  }

  /**
   * One Asaas customer per payer: the account's customer with this CPF/CNPJ, looked up before one is
   * created (GET /v3/customers?cpfCnpj=, https://docs.asaas.com/reference/list-customers).
   */
  async function customerWith(document: string): Promise<string | null> {
    const list = await call<{ data: { id: string; deleted?: boolean }[] }>(
      `/v3/customers?cpfCnpj=${encodeURIComponent(document)}&limit=10`,
    );
    return list.data.find((c) => !c.deleted)?.id ?? null;
  }

  async function create(input: CreatePixChargeInput): Promise<AsaasPayment> {
    try {
      const found = input.customer.document ? await customerWith(input.customer.document) : null;
      const customer = found
        ? { id: found }
        : await call<{ id: string }>('/v3/customers', 'POST', {
            name: input.customer.name,
            ...(input.customer.document ? { cpfCnpj: input.customer.document } : {}),
            ...(input.customer.phone ? { mobilePhone: input.customer.phone.replace(/^55/, '') } : {}),
            notificationDisabled: true,
          });
      return await call<AsaasPayment>('/v3/payments', 'POST', {
        customer: customer.id,
        billingType: 'PIX',
        value: input.amountCents / 100,
        dueDate: brasiliaDate(input.expiresAt),
        description: input.description.slice(0, 500),
        externalReference: input.reference,
      });
    } catch (err) {
      throw asPayerDocumentRefusal(err);
    }
  }

  return {
    kind: 'asaas',
    async createCharge(input) {
      const payment = (await existing(input.reference)) ?? (await create(input));
      const qr = await call<AsaasQrCode>(`/v3/payments/${encodeURIComponent(payment.id)}/pixQrCode`);
      return {
        ...asaasState(payment),
        copiaECola: qr.payload,
        qrPngBase64: qr.encodedImage,
        // VendAI's intended expiry, not the QR's: Asaas sets the QR's expirationDate 12 months after
        // the due date (https://docs.asaas.com/reference/get-qr-code-for-pix-payments); the order is
        // expired by VendAI at the intended time (modules/pix/sweep-orders.ts).
        expiresAt: new Date(Math.min(input.expiresAt.getTime(), brasiliaTime(qr.expirationDate).getTime())),
      } satisfies PixCharge;
    },
    async getCharge(providerId) {
      return asaasState(await call<AsaasPayment>(`/v3/payments/${encodeURIComponent(providerId)}`));
    },
    // Only a payment awaiting payment or overdue can be removed; its customer can then no longer pay it
    // (https://docs.asaas.com/reference/remover-cobranca).
    async cancelCharge(providerId) {
      await call(`/v3/payments/${encodeURIComponent(providerId)}`, 'DELETE');
    },
    async test() {
      await call('/v3/payments?limit=1');
    },
    /**
     * One webhook per account and URL: Asaas allows 10 per account and pauses one after 15 failed
     * deliveries in a row, so an existing webhook with VendAI's URL is updated (new token) instead of a
     * second one being created.
     */
    async configureWebhook({ url, authToken, email }) {
      const body = {
        name: 'VendAI Pix',
        url,
        email,
        enabled: true,
        interrupted: false,
        apiVersion: 3,
        authToken,
        sendType: 'SEQUENTIALLY',
        events: ASAAS_EVENTS,
      };
      const found = await webhookAt(url);
      if (found) await call(`/v3/webhooks/${encodeURIComponent(found.id)}`, 'PUT', body);
      else await call('/v3/webhooks', 'POST', body);
    },
    async removeWebhook({ url }) {
      const found = await webhookAt(url);
      if (found) await call(`/v3/webhooks/${encodeURIComponent(found.id)}`, 'DELETE');
    },
  };
}

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * An Asaas webhook: the `asaas-access-token` header must equal the token VendAI registered for the
 * account, and the body must be a payment event. Null otherwise (nothing is stored).
 */
export function verifyAsaasWebhook(
  headers: Record<string, string | string[] | undefined>,
  body: unknown,
  expectedToken: string,
): PixWebhookEvent | null {
  const token = headers['asaas-access-token'];
  if (typeof token !== 'string' || !sameText(token, expectedToken)) return null;
  const event = body as { id?: unknown; event?: unknown; payment?: { id?: unknown } } | null;
  if (typeof event?.id !== 'string' || typeof event.event !== 'string' || typeof event.payment?.id !== 'string')
    return null;
  return { eventId: event.id, providerChargeId: event.payment.id };
}
