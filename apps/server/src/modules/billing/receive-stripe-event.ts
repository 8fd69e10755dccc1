import type Stripe from 'stripe';
import { BILLING_MESSAGES } from '@vendai/contracts';
import { AppError } from '../../lib/app-error.ts';
import { requirePayments, type BillingDeps } from './billing-deps.ts';
import { markEventProcessed, storeEvent } from './billing-repository.ts';
import { syncSubscription } from './sync-subscription.ts';

/** The events the app acts on; every other type is answered 200 and dropped. */
export const HANDLED_EVENTS = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

export interface ReceiveOutcome {
  duplicate?: boolean;
  ignored?: boolean;
}

/**
 * POST /webhooks/stripe: the signature is checked over the raw body with the SDK (a bad one → 400,
 * nothing stored), the event is stored once by its id (a replay of a processed event is a no-op),
 * and the subscription it is about is re-read from Stripe and applied (sync-subscription.ts). A
 * failure leaves the event unprocessed and answers 500, so Stripe delivers it again.
 */
export async function receiveStripeEvent(
  deps: BillingDeps,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<ReceiveOutcome> {
  const payments = requirePayments(deps);
  let event: Stripe.Event;
  try {
    if (!signature) throw new Error('no signature');
    event = payments.constructEvent(rawBody, signature);
  } catch {
    throw new AppError('VALIDATION', BILLING_MESSAGES.badSignature);
  }
  if (!HANDLED_EVENTS.has(event.type)) return { ignored: true };
  const stored = await storeEvent(deps.db, { id: event.id, type: event.type, payload: event });
  if (stored === 'processed') return { duplicate: true };
  const subscriptionId = subscriptionOf(event);
  if (subscriptionId) await syncSubscription(deps, subscriptionId, `${event.type} ${event.id}`);
  await markEventProcessed(deps.db, event.id);
  return {};
}

/** The subscription an allowed event is about (invoices: parent.subscription_details in current API versions). */
export function subscriptionOf(event: Stripe.Event): string | null {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one reader over several Stripe object shapes
  const object = event.data.object as unknown as Record<string, any>;
  const ref = (v: unknown): string | null =>
    typeof v === 'string' ? v : v && typeof v === 'object' && 'id' in v ? String((v as { id: unknown }).id) : null;
  switch (event.type) {
    case 'checkout.session.completed':
      return object.mode === 'subscription' ? ref(object.subscription) : null;
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return ref(object.id);
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return ref(object.parent?.subscription_details?.subscription) ?? ref(object.subscription);
    default:
      return null;
  }
}
