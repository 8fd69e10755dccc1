import { randomUUID } from 'node:crypto';
import { alertDeps, type EngineDeps } from '../engine-deps.ts';
import { requeuePendingAlerts } from '../../../domain/handoff/owner-alert-job.ts';
import { planAllowance } from '../engine-repository.ts';
import { resumeSendingJob } from './engine-jobs.ts';
import { republishStoredEvents } from '../../../domain/engine-events/event-job.ts';
import { ingestGatewayEvent } from '../ingestion/ingest-gateway-event.ts';
import { loadStoredEvents } from '../ingestion/stored-events.ts';
import { keepLease } from '../replies/burst-claim.ts';
import { resumeParts } from '../replies/send-reply-parts.ts';
import { settleInterruptedPart } from './settle-interrupted-part.ts';
import { requeueOverdueDrafts } from '../approval/draft-timeout.ts';
import { claimLapsedSendingBurst, requeueStalledBursts, selectLapsedSendingBursts } from './recovery-repository.ts';

/** An event not processed this long after it arrived is picked up from the table. */
const EVENT_GRACE_SECONDS = 20;

/**
 * The recovery sweep, run at start and then periodically in every process (all steps are claims,
 * so two processes sweeping at once do each thing once):
 * - gateway events stored but never processed (the process died after storing them);
 * - generating bursts whose claim lapsed (the worker died before the answer was fixed) → waiting again;
 * - sending bursts whose claim lapsed → their stored events queued if their job is missing, and sending
 *   resumed from the first part not yet attempted;
 * - owner alerts written but never queued → queued (sent once: the job sends only a pending alert).
 */
export async function recoverEngineWork(deps: EngineDeps): Promise<void> {
  const pending = await loadStoredEvents(deps, { olderThanSeconds: EVENT_GRACE_SECONDS, limit: 200 });
  for (const input of pending) {
    try {
      await ingestGatewayEvent(deps, input);
    } catch (err) {
      deps.log.warn(
        { err, eventId: input.eventId },
        'engine: recovery of a stored event failed; retried on the next sweep',
      );
    }
  }

  const leaseSeconds = deps.config.leaseMs / 1000;
  const stalled = await requeueStalledBursts(deps.db, leaseSeconds);
  // Back in the queue: the reply scheduler of whichever process looks first claims them again.
  if (stalled.length > 0) deps.replies.wake(new Date());

  const cut = await selectLapsedSendingBursts(deps.db, leaseSeconds);
  for (const b of cut) await deps.jobs.send(resumeSendingJob, { burstId: b.id });

  // Owner alerts written before a crash but never queued (domain/handoff/owner-alert-job.ts).
  await requeuePendingAlerts(alertDeps(deps));
  // Approval drafts past their time whose timeout job was lost (decision 045).
  await requeueOverdueDrafts(deps);
}

/**
 * engine.resume-sending handler: takes over a sending burst whose claim lapsed. The part that was in
 * flight when the sender died is settled with the gateway first (settle-interrupted-part.ts: sent,
 * sent now once, or interrupted when the gateway cannot tell); the parts after it are sent.
 */
export async function resumeSending(deps: EngineDeps, job: { burstId: string }): Promise<void> {
  const token = randomUUID();
  const leaseSeconds = deps.config.leaseMs / 1000;
  const [burst] = await claimLapsedSendingBurst(deps.db, job, token, leaseSeconds);
  if (!burst) return;
  deps.log.warn({ burstId: burst.id }, 'engine: resuming a reply whose sender stopped');
  // Its events, if the process died before queueing them (docs/decisions/060-events-features-listen.md).
  await republishStoredEvents(deps, burst.events, burst.id);
  const allowance = await planAllowance(deps.db, burst.userId);
  const lease = keepLease(deps, burst.id, token);
  try {
    const resend = burst.inflightMessageId ? await settleInterruptedPart(deps, burst, token, allowance) : null;
    await resumeParts(deps, burst.id, token, allowance.maxAiMessages, resend ?? undefined);
  } finally {
    lease.stop();
  }
}
