import { z } from 'zod';
import { defineJobType } from '../../jobs/job.ts';

/**
 * 'pix.reread-event': a provider's event whose charge could not be re-read when it arrived was
 * acknowledged (200) and is re-read here, retried with backoff for about a day
 * (docs/decisions/055-pix-orders-state-machine.md).
 */
export const rereadPixEventJob = defineJobType({
  id: 'pix.reread-event',
  payload: z.object({ userId: z.string(), provider: z.string(), eventId: z.string() }),
  queue: { policy: 'exclusive', retryLimit: 20, retryDelay: 15, retryBackoff: true, retryDelayMax: 3600 },
  batchSize: 5,
});
