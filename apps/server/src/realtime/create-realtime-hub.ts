import type { FastifyBaseLogger } from 'fastify';
import { type RealtimeEvent, realtimeEventSchema } from '@vendai/contracts';
import type { Database } from '../db/client.ts';
import { createBatcher } from '../lib/batcher.ts';
import { settlesWithin } from '../lib/settles-within.ts';
import { createNotifyTransport, type NotifyTransport } from './notify-transport.ts';
import type { RealtimeHub, RealtimeListener } from './realtime-hub.ts';
import { EnvelopeDecoder, encodeEnvelope } from './wire-format.ts';

export interface CreateRealtimeHubOptions {
  database: Database;
  log: FastifyBaseLogger;
  /** Check every published event against realtimeEventSchema (on outside production). */
  validateEvents: boolean;
  /** Overrides the NOTIFY transport chosen from the database (not needed by the app). */
  transport?: NotifyTransport;
  /** Least time between the starts of two NOTIFY statements (default NOTIFY_GAP_MS). */
  notifyGapMs?: number;
}

/**
 * A NOTIFY statement starts at most this often: an event published after a quiet moment goes out at
 * once, and events published less than this after the previous statement wait for it and go
 * together. At 100 answered messages a second (about three events each) this sends about 0.4 NOTIFY
 * statements per message (10 ms sent about one; docs/performance.md), for at most this much more
 * delay on an event of a busy process.
 */
export const NOTIFY_GAP_MS = 25;

/** Most payloads in one NOTIFY statement. */
const MAX_BATCH_PAYLOADS = 500;

/** How encodeEnvelope starts a whole (not split) envelope: the owner's id comes first. */
const WHOLE_PREFIX = '{"v":1,"u":';

/** The hub: NOTIFY out, LISTEN in, fan-out to this process's subscribers of the event's owner. */
export function createRealtimeHub({
  database,
  log,
  validateEvents,
  transport: given,
  notifyGapMs = NOTIFY_GAP_MS,
}: CreateRealtimeHubOptions): RealtimeHub {
  const transport = given ?? createNotifyTransport(database, log);
  const subscribers = new Map<string, Set<RealtimeListener>>();
  const resyncListeners = new Set<() => void>();
  const decoder = new EnvelopeDecoder();
  let started = false;
  let closed = false;

  // Publishes made while a NOTIFY is in flight, or sooner than the gap after the last one, are sent
  // together by the next statement: one transaction for many events (group commit with a pace,
  // lib/batcher.ts). Order is kept and a split event's parts always travel in the same statement.
  const notifies = createBatcher<string[], void>({
    maxItems: MAX_BATCH_PAYLOADS,
    weigh: (payloads) => payloads.length,
    maxWeight: MAX_BATCH_PAYLOADS,
    minGapMs: notifyGapMs,
    async run(batch) {
      try {
        await transport.notify(batch.flat());
      } catch (err) {
        log.error({ err, events: batch.length }, 'realtime: publish failed (events not delivered)');
      }
      return batch.map(() => undefined);
    },
  });

  function deliver(payload: string) {
    // Most events are for people with no screen open in this process: a whole envelope names its
    // owner first, so those are dropped without parsing the event.
    if (payload.startsWith(WHOLE_PREFIX)) {
      const end = payload.indexOf(',"e":', WHOLE_PREFIX.length);
      if (end > 0) {
        try {
          if (!subscribers.get(JSON.parse(payload.slice(WHOLE_PREFIX.length, end)) as string)?.size) return;
        } catch {
          /* not what it looks like: the decoder decides */
        }
      }
    }
    const envelope = decoder.push(payload);
    if (!envelope) return;
    const listeners = subscribers.get(envelope.u);
    if (!listeners?.size) return;
    // Serialized once for every socket of the user.
    const json = JSON.stringify(envelope.e);
    for (const listener of [...listeners]) {
      try {
        listener(envelope.e, json);
      } catch (err) {
        log.error({ err }, 'realtime: subscriber failed');
      }
    }
  }

  return {
    async publish(accountId: string, event: RealtimeEvent) {
      if (validateEvents) {
        const parsed = realtimeEventSchema.safeParse(event);
        if (!parsed.success) {
          throw new Error(`realtime: invalid '${(event as { event?: string }).event}' event: ${parsed.error.message}`);
        }
      }
      if (!accountId) throw new Error('realtime: publish needs the owner user id');
      if (closed) return;
      await notifies.add(encodeEnvelope(accountId, event));
    },

    subscribe(accountId, listener) {
      let set = subscribers.get(accountId);
      if (!set) subscribers.set(accountId, (set = new Set()));
      set.add(listener);
      return () => {
        const current = subscribers.get(accountId);
        if (!current) return;
        current.delete(listener);
        if (!current.size) subscribers.delete(accountId);
      };
    },

    onResync(listener) {
      resyncListeners.add(listener);
      return () => resyncListeners.delete(listener);
    },

    async start() {
      if (started) return;
      started = true;
      await transport.listen(deliver, () => {
        for (const listener of [...resyncListeners]) listener();
      });
    },

    async close() {
      if (closed) return;
      closed = true;
      // Let what was already published go out (at most 5 s).
      await settlesWithin(notifies.drain(), 5_000);
      subscribers.clear();
      resyncListeners.clear();
      await transport.close();
    },
  };
}
