import { z } from 'zod';
import { defineJobType } from '../../../jobs/job.ts';

/** engine.resume-sending: finish a reply whose sender stopped (crash) after the answer was fixed. */
export const resumeSendingJob = defineJobType({
  id: 'engine.resume-sending',
  payload: z.object({ burstId: z.uuid() }),
  queue: { retryLimit: 2, retryDelay: 2, retryBackoff: true },
  batchSize: 5,
});
