import type { FastifyInstance } from 'fastify';
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

const saoPauloDate = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(d);

/**
 * What the stand-in does with the events it would post: `toLose` events are dropped (counted down),
 * as a network or a paused webhook at Asaas would lose them, so tests can show VendAI recovers.
 */
export interface StandinDelivery {
  toLose: number;
}

/**
 * Applies an action to a payment and posts the event Asaas would send to the webhook its account
 * registered (each of them), with the `asaas-access-token` header, through the app's own routing (`app.inject`), so
 * the app's real verification path runs. Null when the payment is not there or not in a state the
 * action applies to (a second 'Pagar' sends nothing).
 */
export async function applyStandinAction(
  o: { app: FastifyInstance; store: PixStandinStore; appUrl: string; delivery: StandinDelivery },
  id: string,
  action: StandinAction,
): Promise<StandinPayment | null> {
  const step = STANDIN_ACTIONS[action];
  const paid = action === 'pagar' ? saoPauloDate(new Date()) : undefined;
  const payment = await o.store.setStatus(id, [...step.from], step.to, paid);
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
  if (o.delivery.toLose > 0) {
    o.delivery.toLose -= 1;
    o.app.log.warn({ payment: id, event: step.event }, 'pix local: evento perdido de propósito (teste)');
    return payment;
  }
  // Like Asaas: the event goes to every webhook the account registered.
  for (const hook of hooks) {
    const res = await o.app.inject({
      method: 'POST',
      url: new URL(hook.url).pathname,
      payload: JSON.stringify(event),
      headers: {
        'content-type': 'application/json',
        ...(hook.authToken ? { 'asaas-access-token': hook.authToken } : {}),
      },
    });
    if (res.statusCode >= 300)
      o.app.log.warn({ status: res.statusCode, body: res.body }, 'pix local: o webhook não foi aceito');
  }
  return payment;
}
