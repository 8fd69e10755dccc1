import type { FastifyBaseLogger } from 'fastify';
import { type RealtimeEvent, realtimeEventSchema } from '@vendai/contracts';
import type { Database } from '../db/client.ts';
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

  // Publishes made while a NOTIFY is in flight are sent together by the next statement: one
  // transaction (one commit, one WAL flush) for many events, like group commit. Order is kept and a
  // split event's parts always travel in the same statement.
  let queue: { payloads: string[]; done: () => void }[] = [];
  let flushing = false;
  let lastNotifyAt = -Infinity;
  const MAX_BATCH_PAYLOADS = 500;

  async function flush() {
    flushing = true;
    try {
      while (queue.length) {
        const wait = lastNotifyAt + notifyGapMs - performance.now();
        if (wait > 0 && !closed) await new Promise((r) => setTimeout(r, wait));
        lastNotifyAt = performance.now();
        let count = 0;
        let take = 0;
        while (take < queue.length && (take === 0 || count + queue[take]!.payloads.length <= MAX_BATCH_PAYLOADS)) {
          count += queue[take]!.payloads.length;
          take += 1;
        }
        const batch = queue.slice(0, take);
        queue = queue.slice(take);
        try {
          await transport.notify(batch.flatMap((b) => b.payloads));
        } catch (err) {
          log.error({ err, events: batch.length }, 'realtime: publish failed (events not delivered)');
        }
        for (const b of batch) b.done();
      }
    } finally {
      flushing = false;
    }
  }

  function send(payloads: string[]): Promise<void> {
    return new Promise((resolve) => {
      queue.push({ payloads, done: resolve });
      if (!flushing) void flush();
    });
  }

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
    async publish(userId: string, event: RealtimeEvent) {
      if (validateEvents) {
        const parsed = realtimeEventSchema.safeParse(event);
        if (!parsed.success) {
          throw new Error(`realtime: invalid '${(event as { event?: string }).event}' event: ${parsed.error.message}`);
        }
      }
      if (!userId) throw new Error('realtime: publish needs the owner user id');
      if (closed) return;
      await send(encodeEnvelope(userId, event));
    },

    subscribe(userId, listener) {
      let set = subscribers.get(userId);
      if (!set) subscribers.set(userId, (set = new Set()));
      set.add(listener);
      return () => {
        const current = subscribers.get(userId);
        if (!current) return;
        current.delete(listener);
        if (!current.size) subscribers.delete(userId);
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
      // Let what was already published go out.
      const deadline = Date.now() + 5_000;
      while ((flushing || queue.length) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
      subscribers.clear();
      resyncListeners.clear();
      await transport.close();
    },
  };
}
