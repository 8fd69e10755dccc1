import type { FastifyInstance } from 'fastify';
import { MONTH_SECONDS, publicObject } from './standin-api.ts';
import { newId, type StandinObject, type StandinStore } from './standin-store.ts';

/** The path Stripe posts events to (modules/billing). */
export const STRIPE_WEBHOOK_PATH = '/webhooks/stripe';

/**
 * What Stripe does when a person acts on its hosted pages, done to the stand-in's objects, followed
 * by the same webhook events Stripe would send, signed with the local webhook secret through the
 * SDK's own signing helper and posted to /webhooks/stripe (the app's real verification path).
 */
export function createStandinLifecycle(o: { app: FastifyInstance; store: StandinStore; webhookSecret: string }) {
  const { store } = o;

  async function send(type: string, object: StandinObject): Promise<void> {
    // The SDK (its API version and signing helper) is loaded on the first event, not at start.
    const { default: Stripe } = await import('stripe');
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: await store.now(typeof object.customer === 'string' ? object.customer : null),
      livemode: false,
      type,
      data: { object: publicObject(object) },
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    };
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: o.webhookSecret });
    const res = await o.app.inject({
      method: 'POST',
      url: STRIPE_WEBHOOK_PATH,
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
    if (res.statusCode >= 300)
      o.app.log.warn({ type, status: res.statusCode, body: res.body }, 'pagamentos locais: o webhook não foi aceito');
  }

  function invoice(sub: StandinObject, status: 'paid' | 'open', now: number): StandinObject {
    const item = sub.items.data[0];
    return {
      id: newId('in'),
      object: 'invoice',
      customer: sub.customer,
      status,
      amount_due: Number(item?.price?.unit_amount ?? 0),
      currency: 'usd',
      created: now,
      period_start: item?.current_period_start,
      period_end: item?.current_period_end,
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: sub.metadata } },
    };
  }

  async function price(id: string, unitAmount: number | null): Promise<StandinObject> {
    return {
      id,
      object: 'price',
      unit_amount: unitAmount,
      currency: 'usd',
      recurring: { interval: 'month', usage_type: unitAmount === null ? 'metered' : 'licensed' },
    };
  }

  return {
    /** 'Pagar' on the checkout page: a subscription starts now for a month, then the events. */
    async pay(sessionId: string, prices: Map<string, number | null>): Promise<StandinObject | null> {
      const session = await store.get('checkout.session', sessionId);
      if (!session || session.status !== 'open') return session;
      const now = await store.now(session.customer);
      const items = [];
      for (const li of session.x_line_items as { price: string; quantity: number | null }[]) {
        items.push({
          id: newId('si'),
          object: 'subscription_item',
          price: await price(li.price, prices.get(li.price) ?? null),
          quantity: li.quantity ?? undefined,
          current_period_start: now,
          current_period_end: now + MONTH_SECONDS,
        });
      }
      const sub = await store.put('subscription', {
        id: newId('sub'),
        object: 'subscription',
        customer: session.customer,
        status: 'active',
        metadata: session.x_subscription_metadata ?? {},
        cancel_at_period_end: false,
        canceled_at: null,
        ended_at: null,
        start_date: now,
        created: now,
        items: { object: 'list', data: items },
      });
      const done = await store.put('checkout.session', {
        ...session,
        status: 'complete',
        payment_status: 'paid',
        subscription: sub.id,
      });
      await send('customer.subscription.created', sub);
      await send('invoice.finalized', invoice(sub, 'open', now)); // not on the app's allow-list: ignored
      await send('invoice.paid', invoice(sub, 'paid', now));
      await send('checkout.session.completed', done);
      return done;
    },

    async cancelCheckout(sessionId: string): Promise<StandinObject | null> {
      const session = await store.get('checkout.session', sessionId);
      if (!session) return null;
      if (session.status === 'open') return store.put('checkout.session', { ...session, status: 'expired' });
      return session;
    },

    /** Portal: cancel at the end of the period (Stripe's default), or undo that. */
    async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void> {
      const sub = await store.get('subscription', subscriptionId);
      if (!sub || sub.status === 'canceled') return;
      const next = await store.put('subscription', {
        ...sub,
        cancel_at_period_end: cancel,
        canceled_at: cancel ? await store.now(sub.customer) : null,
      });
      await send('customer.subscription.updated', next);
    },

    /** Portal: another plan's price on the subscription's first item, at once. */
    async changePrice(subscriptionId: string, priceId: string, unitAmount: number | null): Promise<void> {
      const sub = await store.get('subscription', subscriptionId);
      if (!sub || sub.status === 'canceled') return;
      const [first, ...rest] = sub.items.data;
      const next = await store.put('subscription', {
        ...sub,
        items: { ...sub.items, data: [{ ...first, price: await price(priceId, unitAmount) }, ...rest] },
      });
      await send('customer.subscription.updated', next);
    },

    /** Portal (test): the renewal charge fails; the subscription is past due. */
    async failPayment(subscriptionId: string): Promise<void> {
      const sub = await store.get('subscription', subscriptionId);
      if (!sub || sub.status === 'canceled') return;
      const next = await store.put('subscription', { ...sub, status: 'past_due' });
      await send('invoice.payment_failed', invoice(next, 'open', await store.now(next.customer)));
      await send('customer.subscription.updated', next);
    },

    /**
     * Moves one subscription's test clock (its customer's, like a Stripe test clock attached to that
     * customer): when its period ended it is cancelled if cancel_at_period_end was set
     * (customer.subscription.deleted), else renewed. No other subscription moves.
     */
    async advanceClock(subscriptionId: string, seconds: number): Promise<number | null> {
      const sub = await store.get('subscription', subscriptionId);
      if (!sub) return null;
      const now = await store.advance(sub.customer, seconds);
      let current = sub;
      while (current.status !== 'canceled' && current.items.data[0].current_period_end <= now) {
        const end = current.items.data[0].current_period_end as number;
        if (current.cancel_at_period_end) {
          current = await store.put('subscription', { ...current, status: 'canceled', ended_at: end });
          await send('customer.subscription.deleted', current);
        } else {
          const items = current.items.data.map((i: StandinObject) => ({
            ...i,
            current_period_start: end,
            current_period_end: end + MONTH_SECONDS,
          }));
          current = await store.put('subscription', { ...current, items: { ...current.items, data: items } });
          await send('invoice.paid', invoice(current, 'paid', end));
          await send('customer.subscription.updated', current);
        }
      }
      return now;
    },
  };
}

export type StandinLifecycle = ReturnType<typeof createStandinLifecycle>;
