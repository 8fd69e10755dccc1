import { z } from 'zod';
import { defineJobType } from '../../jobs/job.ts';

/**
 * engine.reply: answer a burst once it is due. Sent for every customer message of the burst (with
 * the burst's version then); a job for an older version, or one that finds the burst claimed or
 * finished, does nothing. The at-most-once guarantee is the burst's state machine, not the queue.
 */
export const replyJob = defineJobType({
  id: 'engine.reply',
  payload: z.object({ burstId: z.uuid(), version: z.number().int().positive() }),
  // The handler retries the AI and the gateway itself; a crash mid-job is recovered by the sweep.
  queue: { retryLimit: 2, retryDelay: 2, retryBackoff: true, expireInSeconds: 15 * 60 },
  // Handlers share the app's database pool (10) with the webhook receiver and ingestion: a few at once.
  batchSize: 4,
  localConcurrency: 1,
});

/** engine.resume-sending: finish a reply whose sender stopped (crash) after the answer was fixed. */
export const resumeSendingJob = defineJobType({
  id: 'engine.resume-sending',
  payload: z.object({ burstId: z.uuid() }),
  queue: { retryLimit: 2, retryDelay: 2, retryBackoff: true },
  batchSize: 5,
});
