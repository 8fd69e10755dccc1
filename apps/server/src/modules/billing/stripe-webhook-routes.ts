import { webhookAckSchema } from '@vendai/contracts';
import type { FastifyPluginAsyncZod } from '../../plugins/route-schemas.ts';
import type { BillingDeps } from './billing-deps.ts';
import { receiveStripeEvent } from './receive-stripe-event.ts';

/**
 * POST /webhooks/stripe — authenticated by the Stripe-Signature header, not a session. The JSON
 * body is kept raw (a Buffer) in this plugin only: the signature is computed over the exact bytes.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<{ deps: BillingDeps }> = async (app, { deps }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  app.post('/', { schema: { response: { 200: webhookAckSchema } } }, async (req) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.from(typeof req.body === 'string' ? req.body : '');
    const signature = req.headers['stripe-signature'];
    const outcome = await receiveStripeEvent(deps, raw, typeof signature === 'string' ? signature : undefined);
    return { received: true as const, ...outcome };
  });
};
