import type { GatewayEvent, GatewayEventHub } from '../../integrations/gateway/event-hub.ts';
import { defineJob } from '../../jobs/job.ts';
import { createBatcher } from '../../lib/batcher.ts';
import { alertDeps, type EngineDeps, type ReplyWaker } from './engine-deps.ts';
import { sendOwnerAlert } from '../../domain/handoff/owner-alert-job.ts';
import { sendOwnerAlertJob } from '../../domain/handoff/owner-alert-job-type.ts';
import { ingestEventsJob, resumeSendingJob } from './recovery/engine-jobs.ts';
import { forwardGatewayEvents } from './ingestion/forward-events.ts';
import { loadStoredEvents } from './ingestion/stored-events.ts';
import { ingestBatch } from './ingestion/ingest-batch.ts';
import { ingestGatewayEvent, type IngestInput } from './ingestion/ingest-gateway-event.ts';
import type { IngestOutcome } from './ingestion/ingest-outcome.ts';
import { recoverEngineWork, resumeSending } from './recovery/recover-engine-work.ts';
import { createReplyScheduler } from './replies/reply-scheduler.ts';
import { createReplyWriter } from './replies/reply-writer.ts';
import { draftAlertGroupJob, draftTimeoutJob } from './approval/draft-jobs.ts';
import { alertDraftGroup } from './approval/draft-alert.ts';
import { runDraftTimeout } from './approval/draft-timeout.ts';
import { unconfirmedSendsJob } from './recovery/unconfirmed-sends.ts';
import { engineEventsJobDefinition } from '../../domain/engine-events/event-job.ts';

/**
 * Inside an ingestion batch: a burst due later arms the scheduler's timer; one due now waits for the
 * look the batch's end takes (one claim statement per batch).
 */
function laterWakesOnly(scheduler: ReplyWaker): ReplyWaker {
  return {
    wake(dueAt) {
      if (dueAt.getTime() > Date.now()) scheduler.wake(dueAt);
    },
  };
}

/** Gateway events applied together by one ingestion statement set (group commit). */
const INGEST_BATCH = 200;

export interface Engine {
  deps: EngineDeps;
  /** Applies one gateway event now (tests, the recovery sweep). */
  ingest(input: IngestInput): Promise<IngestOutcome>;
  /** Subscribes to the webhook receiver, starts the reply scheduler and the recovery sweep (call after jobs.start()). */
  start(): void;
  /** A web process instead of start(): stored gateway events go to the workers as engine.ingest jobs. */
  startForwarding(): void;
  /** Stops taking events and waits for the ones in progress and the answers being sent. */
  stop(): Promise<void>;
}

/**
 * The conversation engine: ingestion of gateway events, AI replies, human takeover, opt-out and
 * usage (docs/decisions/005-conversation-engine.md). Registers its jobs on `deps.jobs`; the caller
 * starts the job runner.
 */
export function createEngine(
  base: Omit<EngineDeps, 'replies' | 'writer'>,
  options: { gatewayEvents?: GatewayEventHub } = {},
): Engine {
  const deps: EngineDeps = {
    ...base,
    replies: { wake: (dueAt) => scheduler.wake(dueAt) },
    writer: createReplyWriter(base.db, base.database, base.log),
  };
  const scheduler = createReplyScheduler(deps, {
    pollMs: deps.config.pollMs,
    maxInflight: deps.config.maxRepliesInFlight,
  });
  registerEngineJobs(deps);

  const { track, settled } = inflightTracker();
  let unsubscribe: (() => void | Promise<void>) | null = null;
  let sweepTimer: NodeJS.Timeout | null = null;
  let sweeping: Promise<void> | null = null;
  let stopped = false;

  // Events that arrive while a batch is being applied go together in the next one, in arrival order
  // (one batch at a time). They are already stored in gateway_events: any not applied when the
  // process stops are picked up by the recovery sweep.
  const batchDeps: EngineDeps = { ...deps, replies: laterWakesOnly(scheduler) };
  const ingestion = createBatcher<IngestInput, IngestOutcome>({
    // One look at the table per batch, after all of its statements: the bursts it made due now are
    // claimed then, with any due burst held back while this batch's messages were waiting
    // (replies/claim-due-replies.ts); bursts due later arm the scheduler's timer as they come. A look
    // from inside the batch as well cost a second claim statement per batch (docs/performance.md).
    run: (inputs) => ingestBatch(batchDeps, inputs).finally(() => scheduler.wake(new Date())),
    maxItems: INGEST_BATCH,
  });

  // Events a web process stored and handed over (ingestion/forward-events.ts): into the same group commit.
  deps.jobs.register(
    defineJob(ingestEventsJob, async (data) => {
      const inputs = await loadStoredEvents(deps, { ids: data.eventIds });
      await Promise.all(inputs.map((input) => track(ingestion.add(input))));
    }),
  );

  const onGatewayEvent = async (event: GatewayEvent) => {
    if (stopped || event.kind !== 'message') return;
    await track(ingestion.add(ingestInputOf(event))).catch((err) =>
      base.log.warn({ err, eventId: event.eventId }, 'engine: event not ingested; the recovery sweep retries it'),
    );
  };

  const sweep = () => {
    if (stopped || sweeping) return;
    sweeping = track(recoverEngineWork(deps))
      .catch((err) => deps.log.warn({ err }, 'engine: recovery sweep failed'))
      .finally(() => {
        sweeping = null;
      });
  };

  return {
    deps,
    ingest: (input) => track(ingestGatewayEvent(deps, input)),
    start() {
      if (options.gatewayEvents) unsubscribe = options.gatewayEvents.subscribe(onGatewayEvent);
      scheduler.start();
      sweep();
      const every = Math.min(10_000, Math.max(1_000, Math.floor(deps.config.leaseMs / 3)));
      sweepTimer = setInterval(sweep, every);
      sweepTimer.unref();
    },
    startForwarding() {
      if (options.gatewayEvents) unsubscribe = forwardGatewayEvents(deps.jobs, options.gatewayEvents, deps.log);
    },
    async stop() {
      stopped = true;
      await unsubscribe?.();
      if (sweepTimer) clearInterval(sweepTimer);
      await settled();
      await scheduler.stop();
    },
  };
}

/** The engine's jobs: resuming an interrupted send, and owner alerts (sent by their own job, never on the reply's path, decision 023). */
function registerEngineJobs(deps: EngineDeps): void {
  deps.jobs.register(defineJob(resumeSendingJob, (data) => resumeSending(deps, data)));
  deps.jobs.register(unconfirmedSendsJob(deps));
  deps.jobs.register(
    defineJob(sendOwnerAlertJob, async (data) => void (await sendOwnerAlert(alertDeps(deps), data.alertId))),
  );
  // An answer's events, delivered to the listeners once it reached the customer (decision 057).
  deps.jobs.register(engineEventsJobDefinition(deps, deps.events));
  deps.jobs.register(defineJob(draftTimeoutJob, (data) => runDraftTimeout(deps, data.draftId)));
  deps.jobs.register(
    defineJob(draftAlertGroupJob, (data) => alertDraftGroup(alertDeps(deps), data, deps.config.approvalAlertGroupMs)),
  );
}

/** A message event of the webhook receiver as the ingestion takes it. */
function ingestInputOf(event: GatewayEvent & { kind: 'message' }): IngestInput {
  return {
    eventId: event.eventId,
    number: event.number,
    event: event.event,
    data: event.data,
    receivedAt: event.receivedAt ?? new Date(),
  };
}

/** The work in progress (ingestion, sweeps), which stop() waits for. */
function inflightTracker() {
  const inflight = new Set<Promise<unknown>>();
  return {
    track<T>(p: Promise<T>): Promise<T> {
      inflight.add(p);
      p.finally(() => inflight.delete(p)).catch(() => {});
      return p;
    },
    settled: () => Promise.allSettled([...inflight]),
  };
}
