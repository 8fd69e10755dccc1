import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { defineJob, defineJobType, type JobDefinition, type Jobs } from '../../jobs/job.ts';
import { type BurstEvents, selectBurstProgress } from './burst-repository.ts';
import type { EngineEvent } from './engine-events.ts';
import { engineEventSchema, HINT_EVENTS } from './engine-events.ts';
import type { EngineEvents } from './event-bus.ts';

/**
 * An answer's events, delivered once its text reached the customer (docs/decisions/057-engine-events.md).
 * Queued before the send, so a process killed between the send and the effect leaves the job to another
 * process; run by one worker at a time (pg-boss), and its listeners are idempotent where it matters
 * (the order keyed by its burst, the owner's one alert per conversation per hour, the funnel forward only).
 */
export const engineEventsJob = defineJobType({
  id: 'engine.events',
  payload: z.object({
    events: z.array(engineEventSchema).min(1),
    /** The burst whose first part must have reached the customer first; null: deliver now. */
    afterBurst: z.string().nullable(),
  }),
  // Polled (JOBS_POLL_SECONDS): a job that found its burst still sending is retried after 1, 2, 4 s, then
  // every 5 s for about 25 minutes (outlasting the recovery of an interrupted send): the effects — the
  // owner's alert, the Pix charge — follow a normal send by a second or two, not by a 30 s back-off.
  delayed: true,
  // Listeners are quick (an alert or a charge is a job of its own): a job whose process died while it ran is
  // given to another after 2 minutes, not pg-boss's default 15.
  queue: { retryLimit: 300, retryDelay: 1, retryBackoff: true, retryDelayMax: 5, expireInSeconds: 120 },
  // One at a time in a process, in the order queued: two answers' orders in one conversation must not
  // pass the AI orders' cap together (domain/orders/ai-order.ts counts, then places).
  batchSize: 1,
});

/** Thrown while the burst is still being sent: pg-boss tries the job again. */
export class BurstStillSending extends Error {
  readonly quiet = true;
  constructor(burstId: string) {
    super(`burst ${burstId} still sending`);
  }
}

/** What publishing needs: the database and job runner to queue, the registry to know who listens. */
export type EventDeps = { db: Db; jobs: Jobs; log: FastifyBaseLogger; events: EngineEvents };

/** A publish: its key (the job's singleton key), the burst it waits for (null: deliver now), its events. */
export type EventPublish = { key: string; afterBurst: string | null; events: EngineEvent[] };

/**
 * What of a publish is queued (the events something listens to that are not hints), as stored beside
 * the fact that makes them true (the answer's burst, `reply_bursts.events`): null when nothing is
 * queued. If the process dies between that write and the job's insert, the recovery re-publishes it
 * (republishStoredEvents); an ordinary answer stores nothing.
 */
export function queuedPart(events: Pick<EngineEvents, 'listens'>, p: EventPublish): BurstEvents | null {
  const queued = p.events.filter((e) => !HINT_EVENTS.has(e.name) && events.listens(e.name));
  return queued.length > 0 ? { key: p.key, events: queued } : null;
}

/**
 * Publishes events (docs/decisions/060-events-features-listen.md). Only the events something listens to
 * count: none left, nothing happens and no statement runs (an ordinary answer, or a name without a
 * listener, costs nothing). Hints (HINT_EVENTS: every message's own events) are delivered here, in
 * process; the others are queued as one job, `key` making it once. Never fatal: a queue that cannot be
 * written is logged.
 */
export async function publishEngineEvents(deps: EventDeps, o: EventPublish): Promise<void> {
  const hints = o.events.filter((e) => HINT_EVENTS.has(e.name) && deps.events.listens(e.name));
  if (hints.length > 0) await deps.events.deliver(hints);
  const queued = queuedPart(deps.events, o);
  if (queued) await queueEvents(deps, queued, o.afterBurst, {});
}

/**
 * The recovery's half of a publish whose process may have died before its job was queued: the stored
 * events are queued unless a job with their key exists already, in any state (it was queued, and may
 * have run). Safe to call on every recovery of the burst.
 */
export async function republishStoredEvents(
  deps: EventDeps,
  stored: BurstEvents | null,
  afterBurst: string | null,
): Promise<void> {
  if (stored && stored.events.length > 0) await queueEvents(deps, stored, afterBurst, { unlessKnown: true });
}

async function queueEvents(
  deps: EventDeps,
  stored: BurstEvents,
  afterBurst: string | null,
  options: { unlessKnown?: boolean },
): Promise<void> {
  await deps.jobs
    .send(engineEventsJob, { events: stored.events, afterBurst }, { singletonKey: stored.key, ...options })
    .catch((err) =>
      deps.log.warn(
        { err, key: stored.key },
        "engine: events not queued (an answer's are queued again by the recovery)",
      ),
    );
}

/** The job's handler: waits for the burst's first part to reach the customer, then the listeners run. */
export function engineEventsJobDefinition(deps: Pick<EventDeps, 'db' | 'log'>, bus: EngineEvents): JobDefinition {
  return defineJob(engineEventsJob, async (data) => {
    if (data.afterBurst) {
      const state = await outcomeSoon(deps.db, data.afterBurst);
      if (state === 'sending') throw new BurstStillSending(data.afterBurst);
      if (state === 'not_sent') {
        deps.log.info(
          { burstId: data.afterBurst },
          'engine: the answer never reached the customer; its events dropped',
        );
        return;
      }
    }
    await bus.deliver(data.events as EngineEvent[]);
  }) as unknown as JobDefinition;
}

/**
 * The job is queued before the send and usually runs while the answer's first part is still on its way, which
 * takes milliseconds: looked at again a few times within about a second and a half (50 ms, doubling) before the
 * job is handed back to pg-boss's retry, whose first delay is a second and whose poll adds up to JOBS_POLL_SECONDS.
 * An owner's alert or a Pix charge then follows the answer by tens of milliseconds instead of one to two seconds.
 */
async function outcomeSoon(db: Db, burstId: string): Promise<'reached' | 'sending' | 'not_sent'> {
  let state = await burstOutcome(db, burstId);
  for (let wait = 50; state === 'sending' && wait <= 800; wait *= 2) {
    await new Promise((resolve) => setTimeout(resolve, wait));
    state = await burstOutcome(db, burstId);
  }
  return state;
}

/** Whether the burst's first part reached the customer (done; or failed after the first part), is still going, or never will. */
async function burstOutcome(db: Db, burstId: string): Promise<'reached' | 'sending' | 'not_sent'> {
  const row = await selectBurstProgress(db, burstId);
  return row?.reached ? 'reached' : row?.going ? 'sending' : 'not_sent';
}
