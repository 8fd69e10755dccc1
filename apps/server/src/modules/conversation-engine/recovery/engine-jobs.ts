import { z } from 'zod';
import { defineJobType } from '../../../jobs/job.ts';

/** engine.resume-sending: finish a reply whose sender stopped (crash) after the answer was fixed. */
export const resumeSendingJob = defineJobType({
  id: 'engine.resume-sending',
  payload: z.object({ burstId: z.uuid() }),
  queue: { retryLimit: 2, retryDelay: 2, retryBackoff: true },
  batchSize: 5,
});

/**
 * engine.ingest: gateway events a web process stored (its webhook) for a worker process to apply
 * (docs/decisions/030-process-roles.md). Applying is idempotent, so a retry after a crash is harmless.
 */
export const ingestEventsJob = defineJobType({
  id: 'engine.ingest',
  payload: z.object({ eventIds: z.array(z.uuid()).min(1).max(500) }),
  queue: { retryLimit: 3, retryDelay: 1, retryBackoff: true },
  // Events of several jobs go together into the engine's group commit (create-engine.ts).
  batchSize: 20,
});
