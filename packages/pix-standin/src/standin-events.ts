import { createHmac, randomInt, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { mercadoPagoDate, mercadoPagoStandinSecret } from './mercadopago-api.ts';
import { asaasPayment } from './standin-api.ts';
import { newId, type PixStandinStore, type StandinPayment } from './standin-store.ts';

/** What a person does on the stand-in's bank page, and the Asaas event each one sends. */
export const STANDIN_ACTIONS = {
  pagar: { from: ['PENDING', 'OVERDUE'], to: 'RECEIVED', event: 'PAYMENT_RECEIVED' },
  expirar: { from: ['PENDING'], to: 'OVERDUE', event: 'PAYMENT_OVERDUE' },
  estornar: { from: ['RECEIVED'], to: 'REFUNDED', event: 'PAYMENT_REFUNDED' },
  contestar: { from: ['RECEIVED'], to: 'CHARGEBACK_REQUESTED', event: 'PAYMENT_CHARGEBACK_REQUESTED' },
} as const;

export type StandinAction = keyof typeof STANDIN_ACTIONS;

/**
 * The same buttons on a Mercado Pago payment, in Mercado Pago's statuses: paid ('approved',
 * 'accredited'), expired ('cancelled', 'expired': a Pix past date_of_expiration), refunded, charged back.
 */
export const MERCADOPAGO_ACTIONS: Record<StandinAction, { from: readonly string[]; to: string; detail: string }> = {
  pagar: { from: ['pending'], to: 'approved', detail: 'accredited' },
  expirar: { from: ['pending'], to: 'cancelled', detail: 'expired' },
  estornar: { from: ['approved'], to: 'refunded', detail: 'refunded' },
  contestar: { from: ['approved'], to: 'charged_back', detail: 'settled' },
};

/** The statuses a button applies to, in the payment's own vendor's words. */
export const actionFrom = (p: { api: string }, action: StandinAction): readonly string[] =>
  (p.api === 'mercadopago' ? MERCADOPAGO_ACTIONS : STANDIN_ACTIONS)[action].from;

const saoPauloDate = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(d);

/**
 * What the stand-in does with the events it would post: `toLose` events are dropped (counted down),
 * as a network or a paused webhook at Asaas would lose them, so tests can show VendAI recovers.
 */
export interface StandinDelivery {
  toLose: number;
}

type Deps = { app: FastifyInstance; store: PixStandinStore; appUrl: string; delivery: StandinDelivery };

/**
 * Applies an action to a payment and posts the notification its vendor would send, through the app's
 * own routing (`app.inject`), so the app's real verification path runs: Asaas's event to every webhook
 * the account registered, with the `asaas-access-token` header; Mercado Pago's to the payment's
 * notification_url, signed with the account's secret. Null when the payment is not there or not in a
 * state the action applies to (a second 'Pagar' sends nothing).
 */
export async function applyStandinAction(o: Deps, id: string, action: StandinAction): Promise<StandinPayment | null> {
  await o.store.expireOverdue({ id }); // a Mercado Pago Pix past its date can no longer be paid
  const current = await o.store.paymentById(id);
  if (!current) return null;
  if (current.api === 'mercadopago') {
    const step = MERCADOPAGO_ACTIONS[action];
    const payment = await o.store.setStatus(id, [...step.from], step.to, {
      statusDetail: step.detail,
      ...(action === 'pagar' ? { paymentDate: new Date().toISOString() } : {}),
    });
    if (payment && !lost(o, id, action)) await notifyMercadoPago(o, payment);
    return payment;
  }
  const step = STANDIN_ACTIONS[action];
  const paid = action === 'pagar' ? saoPauloDate(new Date()) : undefined;
  const payment = await o.store.setStatus(id, [...step.from], step.to, { paymentDate: paid });
  if (!payment) return null;
  const hooks = await o.store.webhooks(payment.account);
  if (hooks.length === 0) {
    o.app.log.warn({ payment: id }, 'pix local: a conta não registrou webhook; nenhum evento enviado');
    return payment;
  }
  const event = {
    id: `evt_${newId('wh')}&${payment.id}`,
    event: step.event,
    dateCreated: new Date().toISOString().replace('T', ' ').slice(0, 19),
    payment: asaasPayment(payment, o.appUrl),
  };
  if (lost(o, id, action)) return payment;
  // Like Asaas: the event goes to every webhook the account registered.
  for (const hook of hooks)
    await post(o, hook.url, JSON.stringify(event), hook.authToken ? { 'asaas-access-token': hook.authToken } : {});
  return payment;
}

/** True when this event is one of the `toLose` to drop (counted down). */
function lost(o: Deps, id: string, action: StandinAction): boolean {
  if (o.delivery.toLose <= 0) return false;
  o.delivery.toLose -= 1;
  o.app.log.warn({ payment: id, action }, 'pix local: evento perdido de propósito (teste)');
  return true;
}

async function post(o: Deps, url: string, payload: string, headers: Record<string, string>) {
  const target = new URL(url);
  const res = await o.app.inject({
    method: 'POST',
    url: `${target.pathname}${target.search}`,
    payload,
    headers: { 'content-type': 'application/json', ...headers },
  });
  if (res.statusCode >= 300)
    o.app.log.warn({ status: res.statusCode, body: res.body }, 'pix local: o webhook não foi aceito');
}

/**
 * Mercado Pago's payment notification, as its documentation describes it
 * (https://www.mercadopago.com.br/developers/en/docs/checkout-api-orders/notifications): POST to the
 * notification_url with `data.id` and `type=payment` added to the query, `x-request-id`, and
 * `x-signature: ts=<seconds>,v1=<HMAC-SHA256 hex of "id:<data.id>;request-id:<x-request-id>;ts:<ts>;">`
 * with the account's secret (the one its bank page shows, which the owner pasted in VendAI).
 */
async function notifyMercadoPago(o: Deps, p: StandinPayment) {
  if (!p.notificationUrl) {
    o.app.log.warn({ payment: p.id }, 'pix local: pagamento sem notification_url; nenhuma notificação enviada');
    return;
  }
  const url = new URL(p.notificationUrl);
  url.searchParams.set('data.id', p.id);
  url.searchParams.set('type', 'payment');
  const requestId = randomUUID();
  const ts = String(Math.floor(Date.now() / 1000));
  const v1 = createHmac('sha256', mercadoPagoStandinSecret(p.account))
    .update(`id:${p.id};request-id:${requestId};ts:${ts};`)
    .digest('hex');
  const body = {
    id: randomInt(100_000_000_000, 999_999_999_999),
    live_mode: false,
    type: 'payment',
    date_created: mercadoPagoDate(new Date()),
    user_id: Number.parseInt(p.account.slice(0, 12), 16),
    api_version: 'v1',
    action: 'payment.updated',
    data: { id: p.id },
  };
  await post(o, url.toString(), JSON.stringify(body), {
    'x-request-id': requestId,
    'x-signature': `ts=${ts},v1=${v1}`,
  });
}
