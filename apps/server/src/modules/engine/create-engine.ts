import type { GatewayEvent, GatewayEventHub } from '../../integrations/gateway/event-hub.ts';
import { defineJob } from '../../jobs/job.ts';
import type { EngineDeps } from './engine-deps.ts';
import { replyJob, resumeSendingJob } from './engine-jobs.ts';
import { ingestGatewayEvent, type IngestInput, type IngestOutcome } from './ingest-gateway-event.ts';
import { recoverEngineWork, resumeSending } from './recover-engine-work.ts';
import { runReply } from './run-reply.ts';

/** Gateway events ingested at once per process. */
const INGEST_CONCURRENCY = 4;

export interface Engine {
  deps: EngineDeps;
  /** Applies one gateway event now (the hub calls it; the recovery sweep too). */
  ingest(input: IngestInput): Promise<IngestOutcome>;
  /** Subscribes to the webhook receiver and starts the recovery sweep (call after jobs.start()). */
  start(): void;
  /** Stops taking events and waits for the ones in progress. */
  stop(): Promise<void>;
}

/**
 * The conversation engine: ingestion of gateway events, AI replies (engine.reply jobs), human
 * takeover, opt-out and usage (docs/decisions/005-conversation-engine.md). Registers its jobs on
 * `deps.jobs`; the caller starts the job runner.
 */
export function createEngine(deps: EngineDeps, options: { gatewayEvents?: GatewayEventHub } = {}): Engine {
  deps.jobs.register(defineJob(replyJob, (data) => runReply(deps, data)));
  deps.jobs.register(defineJob(resumeSendingJob, (data) => resumeSending(deps, data)));

  const inflight = new Set<Promise<unknown>>();
  let unsubscribe: (() => void) | null = null;
  let sweepTimer: NodeJS.Timeout | null = null;
  let sweeping: Promise<void> | null = null;
  let stopped = false;

  const track = <T>(p: Promise<T>): Promise<T> => {
    inflight.add(p);
    p.finally(() => inflight.delete(p)).catch(() => {});
    return p;
  };

  const ingest = (input: IngestInput) => track(ingestGatewayEvent(deps, input));

  // Events are ingested a few at a time: the webhook receiver (storing events, answering the gateway)
  // shares the database pool and must never queue behind a backlog. Waiting events are already stored
  // in gateway_events; any not ingested when the process stops are picked up by the recovery sweep.
  let running = 0;
  const waiting: (() => void)[] = [];
  const limited = async (input: IngestInput) => {
    if (running >= INGEST_CONCURRENCY) await new Promise<void>((r) => waiting.push(r));
    if (stopped) return;
    running += 1;
    try {
      await ingest(input);
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };

  const onGatewayEvent = async (event: GatewayEvent) => {
    if (stopped || event.kind !== 'message') return;
    await limited({ eventId: event.eventId, number: event.number, event: event.event, data: event.data, receivedAt: new Date() });
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
    ingest,
    start() {
      if (options.gatewayEvents) unsubscribe = options.gatewayEvents.subscribe(onGatewayEvent);
      sweep();
      const every = Math.min(10_000, Math.max(1_000, Math.floor(deps.config.leaseMs / 3)));
      sweepTimer = setInterval(sweep, every);
      sweepTimer.unref();
    },
    async stop() {
      stopped = true;
      for (const release of waiting.splice(0)) release();
      unsubscribe?.();
      if (sweepTimer) clearInterval(sweepTimer);
      await Promise.allSettled([...inflight]);
    },
  };
}
