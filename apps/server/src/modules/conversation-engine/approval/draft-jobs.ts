import { z } from 'zod';
import { defineJobType } from '../../../jobs/job.ts';

/**
 * approval.timeout: a draft nobody handled in time is sent or discarded, as the agent's setting says
 * (docs/decisions/045-approval-mode.md). Queued with the draft (startAfter its due time, pg-boss: it
 * survives restarts); acting is a conditional UPDATE on a pending draft, so a second delivery does nothing.
 */
export const draftTimeoutJob = defineJobType({
  id: 'approval.timeout',
  payload: z.object({ draftId: z.uuid() }),
  queue: { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 120 },
  delayed: true,
  batchSize: 5,
});
