import { resultRows } from '../../../db/rows.ts';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { messages, replyBursts } from '../../../db/schema/index.ts';
import { alertDeps, type EngineDeps } from '../engine-deps.ts';
import { requeuePendingAlerts } from '../../../domain/handoff/owner-alert-job.ts';
import { PendingRealtimeEvents } from '../realtime-events.ts';
import { planAllowance } from '../engine-repository.ts';
import { resumeSendingJob } from './engine-jobs.ts';
import { ingestGatewayEvent } from '../ingestion/ingest-gateway-event.ts';
import { loadStoredEvents } from '../ingestion/stored-events.ts';
import { keepLease } from '../replies/burst-claim.ts';
import { AI_SEND_INTERRUPTED, resumeParts } from '../replies/send-reply-parts.ts';

/** An event not processed this long after it arrived is picked up from the table. */
const EVENT_GRACE_SECONDS = 20;

/**
 * The recovery sweep, run at start and then periodically in every process (all steps are claims,
 * so two processes sweeping at once do each thing once):
 * - gateway events stored but never processed (the process died after storing them);
 * - generating bursts whose claim lapsed (the worker died before the answer was fixed) → waiting again;
 * - sending bursts whose claim lapsed → resume sending from the first part not yet attempted;
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
  const stalled = resultRows<{ id: string; version: number }>(
    await deps.db.execute(sql`
      update reply_bursts set state = 'waiting', claim_token = null, updated_at = now()
      where state = 'generating' and claimed_at < now() - make_interval(secs => ${leaseSeconds})
      returning id, version`),
  );
  // Back in the queue: the reply scheduler of whichever process looks first claims them again.
  if (stalled.length > 0) deps.replies.wake(new Date());

  const cut = await deps.db
    .select({ id: replyBursts.id })
    .from(replyBursts)
    .where(
      and(
        eq(replyBursts.state, 'sending'),
        sql`${replyBursts.claimedAt} < now() - make_interval(secs => ${leaseSeconds})`,
      ),
    )
    .limit(200);
  for (const b of cut) await deps.jobs.send(resumeSendingJob, { burstId: b.id });

  // Owner alerts written before a crash but never queued (domain/handoff/owner-alert-job.ts).
  await requeuePendingAlerts(alertDeps(deps));
}

/**
 * engine.resume-sending handler: takes over a sending burst whose claim lapsed. The part that was
 * in flight when the sender died is marked failed (it may have reached the customer: never sent
 * twice); the parts after it are sent.
 */
export async function resumeSending(deps: EngineDeps, job: { burstId: string }): Promise<void> {
  const token = randomUUID();
  const leaseSeconds = deps.config.leaseMs / 1000;
  const [burst] = await deps.db
    .update(replyBursts)
    .set({ claimToken: token, claimedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(replyBursts.id, job.burstId),
        eq(replyBursts.state, 'sending'),
        sql`${replyBursts.claimedAt} < now() - make_interval(secs => ${leaseSeconds})`,
      ),
    )
    .returning();
  if (!burst) return;
  deps.log.warn({ burstId: burst.id }, 'engine: resuming a reply whose sender stopped');
  if (burst.inflightMessageId) {
    const events = new PendingRealtimeEvents();
    await deps.db.transaction(async (tx) => {
      const [msg] = await tx
        .update(messages)
        .set({ status: 'failed', error: AI_SEND_INTERRUPTED })
        .where(and(eq(messages.id, burst.inflightMessageId!), eq(messages.status, 'pending')))
        .returning();
      if (msg) events.message(msg, 'updated');
      await tx
        .update(replyBursts)
        .set({ inflightMessageId: null, sentParts: sql`${replyBursts.sentParts} + 1` })
        .where(and(eq(replyBursts.id, burst.id), eq(replyBursts.claimToken, token)));
    });
    await events.publish(deps);
  }
  const allowance = await planAllowance(deps.db, burst.userId);
  const lease = keepLease(deps, burst.id, token);
  try {
    await resumeParts(deps, burst.id, token, allowance.maxAiMessages);
  } finally {
    lease.stop();
  }
}
