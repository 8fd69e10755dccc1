import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import qs from 'qs';
import { newId, type StandinObject, type StandinStore } from './standin-store.ts';

/** Where the stand-in's browser pages live in the app (standin-pages.ts). */
export const STANDIN_PAGES_PREFIX = '/pagamentos-local';

export const MONTH_SECONDS = 30 * 24 * 3600;

/**
 * The part of Stripe's REST API the app calls, on its own HTTP server on 127.0.0.1 (the SDK is
 * pointed at it with {host, port, protocol: 'http'}): customers, checkout sessions, subscriptions,
 * billing-portal sessions and billing meter events. Form-encoded bodies and JSON answers, like Stripe.
 */
export async function startStandinApi(o: {
  store: StandinStore;
  secretKey: string;
  appUrl: string;
}): Promise<{ server: FastifyInstance; port: number }> {
  const { store } = o;
  const server = Fastify({ logger: false });
  server.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, qs.parse(body as string, { depth: 10, arrayLimit: 100 }));
  });
  server.addHook('onRequest', async (req, reply) => {
    if (req.headers.authorization !== `Bearer ${o.secretKey}`) {
      return stripeError(reply, 401, 'Invalid API Key provided.', 'authentication_error');
    }
  });

  server.post('/v1/customers', async (req) => {
    const body = (req.body ?? {}) as Record<string, any>;
    const key = req.headers['idempotency-key'];
    const now = await store.now();
    const customer = {
      id: newId('cus'),
      object: 'customer',
      email: body.email ?? null,
      name: body.name ?? null,
      metadata: body.metadata ?? {},
      created: now,
    };
    if (typeof key !== 'string') return store.put('customer', customer);
    // Same idempotency key → the customer created the first time (Stripe keeps keys for 24 h).
    const ref = await store.putOnce('idempotency', { id: `customers:${key}`, customerId: customer.id });
    if (ref.customerId === customer.id) await store.put('customer', customer);
    return store.get('customer', ref.customerId);
  });

  server.post('/v1/checkout/sessions', async (req, reply) => {
    const body = (req.body ?? {}) as Record<string, any>;
    if (body.mode !== 'subscription')
      return stripeError(reply, 400, 'Only mode=subscription is supported by the local stand-in.');
    if (!body.customer || !(await store.get('customer', body.customer)))
      return stripeError(reply, 400, `No such customer: '${body.customer}'`);
    const items = Array.isArray(body.line_items) ? body.line_items : Object.values(body.line_items ?? {});
    if (!items.length) return stripeError(reply, 400, 'line_items is required.');
    const id = newId('cs');
    const session = {
      id,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      customer: body.customer,
      client_reference_id: body.client_reference_id ?? null,
      metadata: body.metadata ?? {},
      subscription: null,
      success_url: String(body.success_url ?? '').replace('{CHECKOUT_SESSION_ID}', id),
      cancel_url: body.cancel_url ?? null,
      url: `${o.appUrl}${STANDIN_PAGES_PREFIX}/checkout/${id}`,
      created: await store.now(body.customer),
      // Kept for 'Pagar' (Stripe keeps them too, behind expand[]=line_items).
      x_line_items: items.map((i: any) => ({
        price: i.price,
        quantity: i.quantity === undefined ? null : Number(i.quantity),
      })),
      x_subscription_metadata: body.subscription_data?.metadata ?? {},
    };
    return store.put('checkout.session', session);
  });

  server.get<{ Params: { id: string } }>('/v1/checkout/sessions/:id', async (req, reply) => {
    const session = await store.get('checkout.session', req.params.id);
    return session
      ? publicObject(session)
      : stripeError(
          reply,
          404,
          `No such checkout.session: '${req.params.id}'`,
          'invalid_request_error',
          'resource_missing',
        );
  });

  server.get<{ Params: { id: string } }>('/v1/subscriptions/:id', async (req, reply) => {
    const sub = await store.get('subscription', req.params.id);
    return sub
      ? sub
      : stripeError(
          reply,
          404,
          `No such subscription: '${req.params.id}'`,
          'invalid_request_error',
          'resource_missing',
        );
  });

  // Immediate cancellation (the app's account deletion); Stripe answers a cancelled one with its state.
  server.delete<{ Params: { id: string } }>('/v1/subscriptions/:id', async (req, reply) => {
    const sub = await store.get('subscription', req.params.id);
    if (!sub)
      return stripeError(
        reply,
        404,
        `No such subscription: '${req.params.id}'`,
        'invalid_request_error',
        'resource_missing',
      );
    if (sub.status === 'canceled') return sub;
    const now = await store.now(sub.customer);
    return store.put('subscription', { ...sub, status: 'canceled', canceled_at: now, ended_at: now });
  });

  server.post('/v1/billing_portal/sessions', async (req, reply) => {
    const body = (req.body ?? {}) as Record<string, any>;
    if (!body.customer || !(await store.get('customer', body.customer)))
      return stripeError(reply, 400, `No such customer: '${body.customer}'`);
    const id = newId('bps');
    return store.put('billing_portal.session', {
      id,
      object: 'billing_portal.session',
      customer: body.customer,
      return_url: body.return_url ?? o.appUrl,
      url: `${o.appUrl}${STANDIN_PAGES_PREFIX}/portal/${id}`,
      created: await store.now(body.customer),
    });
  });

  server.post('/v1/billing/meter_events', async (req, reply) => {
    const body = (req.body ?? {}) as Record<string, any>;
    const customerId = body.payload?.stripe_customer_id;
    const value = Number(body.payload?.value ?? 1);
    if (!body.event_name || !customerId || !body.identifier || !Number.isFinite(value)) {
      return stripeError(
        reply,
        400,
        'event_name, identifier, payload[stripe_customer_id] and payload[value] are required.',
      );
    }
    const created = await store.addMeterEvent({
      identifier: String(body.identifier),
      eventName: String(body.event_name),
      customerId,
      value,
    });
    if (!created)
      return stripeError(
        reply,
        400,
        `An event with identifier ${body.identifier} already exists.`,
        'invalid_request_error',
        'duplicate_meter_event',
      );
    return {
      object: 'billing.meter_event',
      event_name: body.event_name,
      identifier: body.identifier,
      payload: body.payload,
      livemode: false,
      created: await store.now(customerId),
      timestamp: Number(body.timestamp ?? (await store.now(customerId))),
    };
  });

  server.setNotFoundHandler((req, reply) =>
    stripeError(
      reply,
      404,
      `Unrecognized request URL (${req.method}: ${req.url}). The local payments stand-in implements only what VendAI calls.`,
    ),
  );

  await server.listen({ host: '127.0.0.1', port: 0 });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { server, port };
}

/** Fields the stand-in keeps for itself start with x_: Stripe would not return them. */
export function publicObject(o: StandinObject): StandinObject {
  return Object.fromEntries(Object.entries(o).filter(([k]) => !k.startsWith('x_'))) as StandinObject;
}

function stripeError(
  reply: FastifyReply,
  status: number,
  message: string,
  type = 'invalid_request_error',
  code?: string,
) {
  return reply.status(status).send({ error: { type, message, ...(code ? { code } : {}) } });
}
