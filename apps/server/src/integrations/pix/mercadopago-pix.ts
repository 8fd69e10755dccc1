import { createHmac, timingSafeEqual } from 'node:crypto';
import { pixJson } from './pix-http.ts';
import type { PixChargeState, PixChargeStatus, PixProvider, PixWebhookEvent } from './pix-provider.ts';

/** Mercado Pago's payment as /v1/payments returns it (the fields VendAI reads). */
export interface MercadoPagoPayment {
  id: number;
  status: string;
  status_detail?: string;
  transaction_amount: number;
  external_reference?: string | null;
  date_of_expiration?: string | null;
  point_of_interaction?: { transaction_data?: { qr_code?: string; qr_code_base64?: string } };
}

function status(p: MercadoPagoPayment): PixChargeStatus {
  if (p.status === 'approved' || p.status === 'authorized') return 'paid';
  if (p.status === 'refunded' || p.status === 'charged_back') return 'refunded';
  if (p.status === 'cancelled' || p.status === 'rejected')
    return p.status_detail === 'expired' ? 'expired' : 'cancelled';
  return 'pending';
}

export function mercadoPagoState(p: MercadoPagoPayment): PixChargeState {
  return {
    providerId: String(p.id),
    status: status(p),
    amountCents: Math.round(p.transaction_amount * 100),
    reference: p.external_reference ?? null,
  };
}

const describe = (data: { message?: string; cause?: { description?: string }[] }) =>
  data?.cause?.[0]?.description ?? data?.message ?? null;

/**
 * Mercado Pago: POST /v1/payments with payment_method_id 'pix', the order id as X-Idempotency-Key
 * (the same key answers the payment the first call made: a retry after a cut connection makes no
 * second charge) and as external_reference; the QR image and the copia-e-cola come back in
 * point_of_interaction.transaction_data. The payer's e-mail is required by the API: customers on
 * WhatsApp have none, so one is made from the phone (docs/decisions/038-pix-charges.md).
 */
export function createMercadoPagoPix(o: { baseUrl: string; accessToken: string }): PixProvider {
  const base = o.baseUrl.replace(/\/$/, '');
  const auth = { authorization: `Bearer ${o.accessToken}` };
  return {
    kind: 'mercadopago',
    async createCharge(input) {
      const digits = (input.customer.phone ?? '').replace(/\D/g, '') || 'cliente';
      const payment = await pixJson<MercadoPagoPayment>(`${base}/v1/payments`, {
        method: 'POST',
        headers: { ...auth, 'x-idempotency-key': input.reference },
        describe,
        body: {
          transaction_amount: input.amountCents / 100,
          description: input.description.slice(0, 250),
          payment_method_id: 'pix',
          external_reference: input.reference,
          notification_url: input.notificationUrl,
          date_of_expiration: input.expiresAt.toISOString().replace('Z', '+00:00'),
          payer: {
            email: `whatsapp-${digits}@clientes.vendai.com.br`,
            first_name: input.customer.name.slice(0, 60),
            ...(input.customer.document
              ? {
                  identification: {
                    type: input.customer.document.length === 11 ? 'CPF' : 'CNPJ',
                    number: input.customer.document,
                  },
                }
              : {}),
          },
        },
      });
      const data = payment.point_of_interaction?.transaction_data;
      return {
        ...mercadoPagoState(payment),
        copiaECola: data?.qr_code ?? '',
        qrPngBase64: data?.qr_code_base64 ?? '',
        expiresAt: payment.date_of_expiration ? new Date(payment.date_of_expiration) : input.expiresAt,
      };
    },
    async getCharge(providerId) {
      const p = await pixJson<MercadoPagoPayment>(`${base}/v1/payments/${encodeURIComponent(providerId)}`, {
        headers: auth,
        describe,
      });
      return mercadoPagoState(p);
    },
    // Only a payment 'pending', 'in_process' or 'authorized' can be cancelled; otherwise a 400 (2018)
    // (https://www.mercadopago.com.br/developers/en/reference/chargebacks/_payments_payment_id/put).
    async cancelCharge(providerId) {
      await pixJson(`${base}/v1/payments/${encodeURIComponent(providerId)}`, {
        method: 'PUT',
        headers: auth,
        body: { status: 'cancelled' },
        describe,
      });
    },
    async test() {
      await pixJson(`${base}/v1/payments/search?limit=1`, { headers: auth, describe });
    },
    // Mercado Pago takes notification_url with each payment; the signing secret comes from the owner.
    async configureWebhook() {},
    async removeWebhook() {},
  };
}

/**
 * A Mercado Pago webhook, verified as its documentation says: `x-signature` is `ts=…,v1=…`, v1 being
 * the HMAC-SHA256 (hex) with the application's webhook secret of the manifest
 * `id:<data.id>;request-id:<x-request-id>;ts:<ts>;` (data.id from the query string, lowercased when
 * alphanumeric; parts absent from the request are left out). Null when the signature does not match or
 * its `ts` is more than MERCADO_PAGO_SIGNATURE_TOLERANCE_S from now.
 */
export function verifyMercadoPagoWebhook(
  headers: Record<string, string | string[] | undefined>,
  query: Record<string, unknown>,
  body: unknown,
  secret: string,
  now = Date.now(),
): PixWebhookEvent | null {
  const signature = headers['x-signature'];
  if (typeof signature !== 'string') return null;
  const parts = Object.fromEntries(
    signature.split(',').map((p) => {
      const [k, ...v] = p.trim().split('=');
      return [k, v.join('=')];
    }),
  );
  const ts = parts.ts;
  const v1 = parts.v1;
  if (!ts || !v1 || !/^[0-9a-f]{64}$/i.test(v1)) return null;
  const dataId = typeof query['data.id'] === 'string' ? query['data.id'] : null;
  const requestId = typeof headers['x-request-id'] === 'string' ? headers['x-request-id'] : null;
  const manifest = mercadoPagoManifest({ dataId, requestId, ts });
  const expected = createHmac('sha256', secret).update(manifest).digest();
  if (!timingSafeEqual(expected, Buffer.from(v1, 'hex'))) return null;
  if (!isFreshSignature(ts, now)) return null;
  const event = body as { id?: unknown; type?: unknown; data?: { id?: unknown } } | null;
  const chargeId = event?.data?.id ?? dataId;
  if (event?.type !== 'payment' || (typeof chargeId !== 'string' && typeof chargeId !== 'number')) return null;
  if (dataId && String(chargeId).toLowerCase() !== dataId.toLowerCase()) return null;
  return { eventId: String(event.id ?? `${chargeId}:${ts}`), providerChargeId: String(chargeId) };
}

/**
 * How far a notification's signed `ts` may be from our clock, either way (docs/decisions/050-upload-and-model-call-limits.md):
 * a captured notification replayed later is refused. Mercado Pago's documentation gives `ts` in seconds
 * (https://www.mercadopago.com.br/developers/en/docs/checkout-api-orders/notifications, "validate the
 * origin"); its own SDKs compare it with a tolerance and once mistook it for milliseconds
 * (https://github.com/mercadopago/sdk-nodejs/issues/458), so a 13-digit `ts` is read as milliseconds.
 */
export const MERCADO_PAGO_SIGNATURE_TOLERANCE_S = 10 * 60;

function isFreshSignature(ts: string, now: number): boolean {
  if (!/^\d{9,13}$/.test(ts)) return false;
  const ms = ts.length >= 13 ? Number(ts) : Number(ts) * 1000;
  return Math.abs(now - ms) <= MERCADO_PAGO_SIGNATURE_TOLERANCE_S * 1000;
}

/** The signed text of a Mercado Pago notification (also what tests sign with). */
export function mercadoPagoManifest(o: { dataId: string | null; requestId: string | null; ts: string }): string {
  const id = o.dataId && /^[a-z0-9]+$/i.test(o.dataId) ? o.dataId.toLowerCase() : o.dataId;
  return `${id ? `id:${id};` : ''}${o.requestId ? `request-id:${o.requestId};` : ''}ts:${o.ts};`;
}
