import { z } from 'zod';
import { defineJobType } from '../../jobs/job.ts';

/**
 * 'alerts.send': sends one owner alert (owner-alert-job.ts). Durable (pg-boss, in the app's database),
 * retried with backoff when the handler fails, one job per alert at a time ('exclusive' + the alert's
 * id as singletonKey); the handler sends only an alert still 'pending', so it is sent once.
 */
export const sendOwnerAlertJob = defineJobType({
  id: 'alerts.send',
  payload: z.object({ alertId: z.uuid() }),
  queue: { policy: 'exclusive', retryLimit: 5, retryDelay: 2, retryBackoff: true, expireInSeconds: 120 },
  batchSize: 5,
  localConcurrency: 2,
});
