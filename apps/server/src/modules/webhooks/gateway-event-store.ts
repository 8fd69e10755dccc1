import { randomUUID } from 'node:crypto';
import { createBatcher } from '../../lib/batcher.ts';
import { pgErrorCode } from '../../db/pg-error.ts';
import type { PreparedTarget } from '../../db/prepared.ts';
import { type NewGatewayEvent, storeGatewayEvent, storeGatewayEvents } from './webhooks-repository.ts';

/** stored: a new row (its id); replay: the same (number, event, key) was already there; unknown-number: the number is gone. */
export type StoreOutcome = { outcome: 'stored'; id: string } | { outcome: 'replay' } | { outcome: 'unknown-number' };

/**
 * Writes gateway_events with group commit: webhooks arriving while a batch insert is in flight go
 * together in the next multi-row INSERT … ON CONFLICT DO NOTHING, so under load the acknowledgement
 * costs a share of one round trip instead of one each, and an idle system adds no wait.
 */
export interface GatewayEventStore {
  /** `weight`: the event's size in bytes (the request body's), to keep batches near `maxWeight`. */
  store(event: NewGatewayEvent, weight: number): Promise<StoreOutcome>;
  /** Resolves when no batch is queued or running. */
  drain(): Promise<void>;
}

export interface GatewayEventStoreOptions {
  maxItems?: number;
  /** Bytes of JSON per statement (media webhooks carry base64); one event always goes. */
  maxWeight?: number;
  /** Statements in flight at once, each holding one pool connection. */
  concurrency?: number;
  log?: { warn(obj: object, msg: string): void };
}

interface Item {
  event: NewGatewayEvent;
  weight: number;
}
/** One item's failure must not reject its batch-mates, so errors travel as results. */
type ItemResult = StoreOutcome | { outcome: 'error'; error: unknown };

export function createGatewayEventStore(
  db: PreparedTarget,
  { maxItems = 200, maxWeight = 1024 * 1024, concurrency = 2, log }: GatewayEventStoreOptions = {},
): GatewayEventStore {
  const batcher = createBatcher<Item, ItemResult>({
    maxItems,
    maxWeight,
    concurrency,
    weigh: (item) => item.weight,
    async run(items) {
      if (items.length === 1) return [await storeOne(db, items[0]!.event)];
      try {
        return await storeTogether(db, items);
      } catch (err) {
        // Typically a number deleted while cached (FK violation): retry each alone, so one bad item
        // fails alone. Rare, so the extra round trips do not matter.
        log?.warn({ err, items: items.length }, 'gateway_events batch insert failed; retrying one by one');
        const results: ItemResult[] = [];
        for (const item of items) results.push(await storeOne(db, item.event));
        return results;
      }
    },
  });

  return {
    async store(event, weight) {
      const result = await batcher.add({ event, weight });
      if (result.outcome === 'error') throw result.error;
      return result;
    },
    drain: () => batcher.drain(),
  };
}

async function storeOne(db: PreparedTarget, event: NewGatewayEvent): Promise<ItemResult> {
  try {
    const id = await storeGatewayEvent(db, event);
    return id ? { outcome: 'stored', id } : { outcome: 'replay' };
  } catch (error) {
    // A foreign-key violation: the number was deleted while cached.
    return pgErrorCode(error) === '23503' ? { outcome: 'unknown-number' } : { outcome: 'error', error };
  }
}

const dedupKey = (e: { numberId: string; event: string; eventKey: string | null }) =>
  JSON.stringify([e.numberId, e.event, e.eventKey]);

/**
 * One INSERT for the whole batch. A key seen twice in the batch is sent once: the first request gets
 * the row, the later ones are replays (as if they had arrived one after another). Rows absent from
 * RETURNING hit an existing key: replays. Null keys never conflict, so they are all sent, each with
 * an id chosen here to find its own row in the answer.
 */
async function storeTogether(db: PreparedTarget, items: Item[]): Promise<ItemResult[]> {
  const results: ItemResult[] = new Array(items.length);
  const sent: { index: number; values: NewGatewayEvent }[] = [];
  const firstOfKey = new Set<string>();
  items.forEach(({ event }, index) => {
    if (event.eventKey === null) {
      sent.push({ index, values: { ...event, id: event.id ?? randomUUID() } });
      return;
    }
    const key = dedupKey(event);
    if (firstOfKey.has(key)) {
      results[index] = { outcome: 'replay' };
      return;
    }
    firstOfKey.add(key);
    sent.push({ index, values: event });
  });

  const rows = await storeGatewayEvents(
    db,
    sent.map((s) => s.values),
  );
  const idByKey = new Map<string, string>();
  const nullKeyIds = new Set<string>();
  for (const row of rows) {
    if (row.eventKey === null) nullKeyIds.add(row.id);
    else idByKey.set(dedupKey(row), row.id);
  }
  for (const { index, values } of sent) {
    const id =
      values.eventKey === null ? (nullKeyIds.has(values.id!) ? values.id : undefined) : idByKey.get(dedupKey(values));
    results[index] = id ? { outcome: 'stored', id } : { outcome: 'replay' };
  }
  return results;
}
