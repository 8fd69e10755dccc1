import { BILLING_MESSAGES, webhookAckSchema } from '@vendai/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { FastifyPluginAsyncZod } from '../../plugins/route-schemas.ts';
import { requirePayments, type BillingDeps } from './billing-deps.ts';
import { receiveStripeEvent } from './receive-stripe-event.ts';

/**
 * Stripe's event bodies are a few KB (an event carries one object); 256 KB leaves room for a large
 * invoice and nothing for a flood. Counted on the bytes as received: bodies are never decompressed.
 */
export const STRIPE_WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * POST /webhooks/stripe — authenticated by the Stripe-Signature header, not a session. Before any
 * byte of the body is read, payments must be on and the header must have Stripe's shape (t=…,v1=…);
 * the body is then read raw (a Buffer, in this plugin only: the signature is computed over the exact
 * bytes), capped, never decompressed, and only parsed once the SDK has verified the signature.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<{ deps: BillingDeps }> = async (app, { deps }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  app.addHook('onRequest', async (req) => {
    requirePayments(deps);
    const signature = req.headers['stripe-signature'];
    if (typeof signature !== 'string' || !/(^|,)t=\d+/.test(signature) || !/(^|,)v1=[0-9a-f]+/.test(signature))
      throw new AppError('VALIDATION', BILLING_MESSAGES.badSignature);
  });

  const options = { bodyLimit: STRIPE_WEBHOOK_BODY_LIMIT, decompress: false, helmet: false } as const;
  app.post('/', { ...options, schema: { response: { 200: webhookAckSchema } } }, async (req) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.from(typeof req.body === 'string' ? req.body : '');
    const signature = req.headers['stripe-signature'];
    const outcome = await receiveStripeEvent(deps, raw, typeof signature === 'string' ? signature : undefined);
    return { received: true as const, ...outcome };
  });
};
