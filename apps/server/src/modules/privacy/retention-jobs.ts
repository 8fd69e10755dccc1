import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Storage } from '../../integrations/storage/storage.ts';
import { defineJob, defineJobType, type Jobs } from '../../jobs/job.ts';
import { removeExpiredMedia } from './media-retention.ts';
import { deleteOldWebhookEvents, stripProcessedWebhookMedia } from './webhook-retention.ts';

/** 'privacy.media-retention': once a day (03:30 UTC, one job across all processes), media past the retention period. */
export const mediaRetentionJobType = defineJobType({
  id: 'privacy.media-retention',
  payload: z.object({}),
  cron: '30 3 * * *',
  queue: { retryLimit: 2, retryDelay: 300, expireInSeconds: 3 * 3600, deleteAfterSeconds: 7 * 86400 },
  batchSize: 1,
});

/** 'privacy.webhook-media': every 10 minutes, the inline base64 of processed webhook bodies. */
export const webhookMediaJobType = defineJobType({
  id: 'privacy.webhook-media',
  payload: z.object({}),
  cron: '*/10 * * * *',
  queue: { retryLimit: 1, expireInSeconds: 30 * 60, deleteAfterSeconds: 3600 },
  batchSize: 1,
});

/** 'privacy.webhook-retention': once a day (04:00 UTC), processed gateway webhooks past their period. */
export const webhookRetentionJobType = defineJobType({
  id: 'privacy.webhook-retention',
  payload: z.object({}),
  cron: '0 4 * * *',
  queue: { retryLimit: 2, retryDelay: 300, expireInSeconds: 3 * 3600, deleteAfterSeconds: 7 * 86400 },
  batchSize: 1,
});

/** Registers the retention jobs with the app's job runner (before it starts). */
export function registerRetentionJobs(
  jobs: Jobs,
  deps: { db: Db; storage: Storage; retentionDays: number; webhookRetentionDays: number },
): void {
  jobs.register(
    defineJob(mediaRetentionJobType, async (_data, { log }) => {
      const done = await removeExpiredMedia(deps.db, deps.storage, {
        now: new Date(),
        retentionDays: deps.retentionDays,
      });
      if (done.messages) log.info({ ...done, retentionDays: deps.retentionDays }, 'media retention: old media removed');
    }),
  );
  jobs.register(
    defineJob(webhookMediaJobType, async (_data, { log }) => {
      const stripped = await stripProcessedWebhookMedia(deps.db);
      if (stripped) log.info({ stripped }, 'webhook bodies: inline media dropped after processing');
    }),
  );
  jobs.register(
    defineJob(webhookRetentionJobType, async (_data, { log }) => {
      const days = deps.webhookRetentionDays;
      const deleted = await deleteOldWebhookEvents(deps.db, { now: new Date(), retentionDays: days });
      if (deleted) log.info({ deleted, retentionDays: days }, 'webhook retention: old processed webhooks deleted');
    }),
  );
}
