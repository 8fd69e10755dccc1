import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { gatewayEvents, numbers } from '../../../db/schema/index.ts';
import type { EngineDeps } from '../engine-deps.ts';
import type { IngestInput } from './ingest-gateway-event.ts';

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
  const rows = await deps.db
    .select({
      id: gatewayEvents.id,
      event: gatewayEvents.event,
      payload: gatewayEvents.payload,
      receivedAt: gatewayEvents.receivedAt,
      numberId: numbers.id,
      userId: numbers.userId,
      instanceName: numbers.instanceName,
    })
    .from(gatewayEvents)
    .innerJoin(numbers, eq(numbers.id, gatewayEvents.numberId))
    .where(
      and(
        isNull(gatewayEvents.processedAt),
        inArray(gatewayEvents.event, ENGINE_EVENTS),
        'ids' in which
          ? inArray(gatewayEvents.id, which.ids)
          : sql`${gatewayEvents.receivedAt} < now() - make_interval(secs => ${which.olderThanSeconds})`,
      ),
    )
    .orderBy(gatewayEvents.receivedAt)
    .limit('ids' in which ? which.ids.length : which.limit);
  return rows.map((e) => ({
    eventId: e.id,
    number: { id: e.numberId, userId: e.userId, instanceName: e.instanceName },
    event: e.event,
    data: (e.payload as { data?: unknown })?.data ?? e.payload,
    receivedAt: e.receivedAt,
  }));
}
