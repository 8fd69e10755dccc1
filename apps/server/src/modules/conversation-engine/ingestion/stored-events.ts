import type { EngineDeps } from '../engine-deps.ts';
import type { IngestInput } from './ingest-gateway-event.ts';
import { selectStoredEvents } from './ingestion-repository.ts';

/** Events the engine consumes (others in gateway_events are not its business). */
export const ENGINE_EVENTS = [
  'messages.upsert',
  'send.message',
  'messages.update',
  'contacts.upsert',
  'contacts.update',
];

/**
 * Stored gateway events not yet processed, as ingestion inputs, in arrival order: the given ids (an
 * engine.ingest job), or the ones older than `olderThanSeconds` (the recovery sweep).
 */
export async function loadStoredEvents(
  deps: Pick<EngineDeps, 'db'>,
  which: { ids: string[] } | { olderThanSeconds: number; limit: number },
): Promise<IngestInput[]> {
  const rows = await selectStoredEvents(deps.db, which, ENGINE_EVENTS);
  return rows.map((e) => ({
    eventId: e.id,
    number: { id: e.numberId, userId: e.userId, instanceName: e.instanceName },
    event: e.event,
    data: (e.payload as { data?: unknown })?.data ?? e.payload,
    receivedAt: e.receivedAt,
  }));
}
