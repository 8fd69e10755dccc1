import type Stripe from 'stripe';
import type { CheckoutInput, Payments } from './payments.ts';

export interface StripePaymentsOptions {
  kind: 'stripe' | 'standin';
  secretKey: string;
  webhookSecret: string;
  priceIds: Record<string, string>;
  overagePriceId: string;
  meterEventName: string;
  /** The local stand-in: {host, port, protocol: 'http'}. Unset → api.stripe.com. */
  endpoint?: { host: string; port: number; protocol: 'http' | 'https' };
}

let sdk: typeof Stripe | undefined;

/** The `stripe` SDK, loaded when payments are on (never at start when they are off; docs/performance.md). */
export async function loadStripeSdk(): Promise<typeof Stripe> {
  sdk ??= (await import('stripe')).default;
  return sdk;
}

/** An error of the Stripe SDK (there is none before the SDK is loaded). */
export function isStripeError(err: unknown): err is Stripe.errors.StripeError {
  return sdk !== undefined && err instanceof sdk.errors.StripeError;
}

/** The payments port over the `stripe` SDK (server side only: the key never reaches the browser). */
export function createStripePayments(o: StripePaymentsOptions, Sdk: typeof Stripe): Payments {
  const stripe = new Sdk(o.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'VendAI' },
    ...(o.endpoint ?? {}),
  });

  return {
    kind: o.kind,
    priceIds: o.priceIds,
    overagePriceId: o.overagePriceId,
    meterEventName: o.meterEventName,

    async createCustomer({ accountId, email, name }) {
      // The idempotency key makes two racing first checkouts create one customer at Stripe.
      const customer = await stripe.customers.create(
        { email, name, metadata: { user_id: accountId } },
        { idempotencyKey: `customer-${accountId}` },
      );
      return customer.id;
    },

    async createCheckoutSession(input: CheckoutInput) {
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: input.customerId,
        client_reference_id: input.accountId,
        // The plan's monthly price, plus the metered price AI messages past the limit are billed on.
        line_items: [{ price: input.priceId, quantity: 1 }, { price: o.overagePriceId }],
        metadata: { user_id: input.accountId, plan_id: input.planId, plan_slug: input.planSlug },
        subscription_data: { metadata: { user_id: input.accountId, plan_id: input.planId, plan_slug: input.planSlug } },
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        locale: 'pt-BR',
      });
      return { id: session.id, url: session.url };
    },

    retrieveCheckoutSession: (id) => stripe.checkout.sessions.retrieve(id),
    retrieveSubscription: (id) => stripe.subscriptions.retrieve(id),

    async cancelSubscription(id) {
      try {
        await stripe.subscriptions.cancel(id);
      } catch (err) {
        // Gone already (cancelled before, or never created at this Stripe account): nothing left to stop.
        if (isStripeError(err) && err.code === 'resource_missing') return;
        throw err;
      }
    },

    async createPortalSession({ customerId, returnUrl }) {
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
        locale: 'pt-BR',
      });
      return { url: session.url };
    },

    async reportMeterEvent({ customerId, identifier, value, timestamp }) {
      try {
        await stripe.billing.meterEvents.create({
          event_name: o.meterEventName,
          identifier,
          timestamp: Math.floor(timestamp.getTime() / 1000),
          payload: { stripe_customer_id: customerId, value: String(value) },
        });
        return 'created';
      } catch (err) {
        // Stripe refuses an identifier it already has: that event was counted before (a retry after a crash).
        if (isStripeError(err) && /identifier/i.test(err.message) && /already|duplicate|exists/i.test(err.message))
          return 'duplicate';
        throw err;
      }
    },

    constructEvent: (rawBody, signature) => stripe.webhooks.constructEvent(rawBody, signature, o.webhookSecret),
  };
}
