import type { GatewayEventHub } from '../../../integrations/gateway/event-hub.ts';
import type { Jobs } from '../../../jobs/job.ts';
import { createBatcher } from '../../../lib/batcher.ts';
import { ingestEventsJob } from '../recovery/engine-jobs.ts';

/**
 * A web process (VENDAI_ROLE=web, docs/decisions/030-process-roles.md) applies no gateway event itself:
 * the message events its webhook stored are handed to the worker processes as engine.ingest jobs,
 * the ids of events stored while a job is being queued going together in the next one. A job that
 * could not be queued leaves its events unprocessed in gateway_events: the workers' recovery sweep
 * applies them a little later. Returns the function that stops forwarding (after the queued ones).
 */
export function forwardGatewayEvents(
  jobs: Jobs,
  gatewayEvents: GatewayEventHub,
  log: { warn(obj: object, msg: string): void },
): () => Promise<void> {
  const batcher = createBatcher<string, void>({
    maxItems: 200,
    run: async (eventIds) => {
      await jobs.send(ingestEventsJob, { eventIds });
      return eventIds.map(() => undefined);
    },
  });
  const unsubscribe = gatewayEvents.subscribe(async (event) => {
    if (event.kind !== 'message') return;
    await batcher
      .add(event.eventId)
      .catch((err) =>
        log.warn(
          { err, eventId: event.eventId },
          'engine: event not handed to the workers; the recovery sweep applies it',
        ),
      );
  });
  return async () => {
    unsubscribe();
    await batcher.drain();
  };
}
