import { z } from 'zod';
import { defineJobType } from '../../jobs/job.ts';

/**
 * 'pix.charge-order': creates an order's one Pix charge and sends it to the customer (modules/pix,
 * docs/decisions/038-pix-charges.md). Durable and retried with backoff (a provider down, a cut
 * connection); one job per order at a time; the handler is safe to run twice (the provider call is
 * idempotent by the order's id, the messages are claimed before they are sent).
 */
export const chargeOrderJob = defineJobType({
  id: 'pix.charge-order',
  payload: z.object({ orderId: z.uuid() }),
  queue: { policy: 'exclusive', retryLimit: 6, retryDelay: 2, retryBackoff: true, expireInSeconds: 120 },
  batchSize: 5,
  localConcurrency: 2,
});
