import type Stripe from 'stripe';

/**
 * Payments port (architecture: payments). One implementation, the `stripe` SDK, pointed either at
 * api.stripe.com (STRIPE_SECRET_KEY) or at the local stand-in's HTTP server (standin/), so every
 * call the app makes is a real SDK call over HTTP in both cases.
 */
export interface Payments {
  kind: 'stripe' | 'standin';
  /** Stripe price id per plan slug (paid plans), and the metered price for the overage. */
  priceIds: Record<string, string>;
  overagePriceId: string;
  meterEventName: string;
  createCustomer(input: { accountId: string; email: string; name: string }): Promise<string>;
  createCheckoutSession(input: CheckoutInput): Promise<{ id: string; url: string | null }>;
  retrieveCheckoutSession(id: string): Promise<Stripe.Checkout.Session>;
  retrieveSubscription(id: string): Promise<Stripe.Subscription>;
  createPortalSession(input: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  /** Cancels a subscription at once (account deletion); one already cancelled or unknown is not an error. */
  cancelSubscription(id: string): Promise<void>;
  /** One billing meter event; `identifier` makes Stripe accept it once (a repeat is reported as duplicate). */
  reportMeterEvent(input: {
    customerId: string;
    identifier: string;
    value: number;
    timestamp: Date;
  }): Promise<'created' | 'duplicate'>;
  /** Verifies the Stripe-Signature header over the raw body; throws when it does not match. */
  constructEvent(rawBody: Buffer, signature: string): Stripe.Event;
}

export interface CheckoutInput {
  accountId: string;
  customerId: string;
  planId: string;
  planSlug: string;
  priceId: string;
  successUrl: string;
  cancelUrl: string;
}

/** The subscription's billing period: on its items in current API versions. */
export function subscriptionPeriod(sub: Stripe.Subscription): { start: Date; end: Date } {
  const item = sub.items?.data?.[0] as
    (Stripe.SubscriptionItem & { current_period_start?: number; current_period_end?: number }) | undefined;
  const legacy = sub as unknown as { current_period_start?: number; current_period_end?: number };
  const start = item?.current_period_start ?? legacy.current_period_start ?? sub.start_date;
  const end = item?.current_period_end ?? legacy.current_period_end ?? start + 30 * 86400;
  return { start: new Date(start * 1000), end: new Date(end * 1000) };
}

/** The price ids on a subscription's items. */
export function subscriptionPriceIds(sub: Stripe.Subscription): string[] {
  return (sub.items?.data ?? []).map((i) => i.price?.id).filter((id): id is string => Boolean(id));
}
