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

/**
 * approval.alert-group: the owner's drafts written close together, alerted as one
 * (docs/decisions/046-one-door-out.md, "Draft alerts"; draft-alert.ts). Queued by each draft that was
 * not alerted at once, `startAfter` the grouping time; the first to run carries every draft still
 * waiting, the others find nothing. Safe to run twice: what it carries is marked in its transaction.
 */
export const draftAlertGroupJob = defineJobType({
  id: 'approval.alert-group',
  payload: z.object({ userId: z.string().min(1), convId: z.uuid() }),
  queue: { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 120 },
  delayed: true,
  batchSize: 5,
});
