import type { FastifyBaseLogger } from 'fastify';
import { ENGINE_EVENTS, type EngineEvent, type EngineEventName, type EngineEventPayload } from './engine-events.ts';

export type EngineListener<N extends EngineEventName> = (payload: EngineEventPayload<N>) => Promise<void>;

/**
 * The registry of the engine's listeners (docs/decisions/057-engine-events.md,
 * docs/decisions/060-events-features-listen.md): features register at composition (app.ts), before the
 * job runner starts; the events job (event-job.ts) delivers to them.
 */
export interface EngineEvents {
  /** Registers a listener; a name that is not in ENGINE_EVENTS is refused (throws). */
  on<N extends EngineEventName>(name: N, listener: EngineListener<N>): void;
  /** Whether anything listens to this name: an event nobody listens to is never queued (it costs nothing). */
  listens(name: EngineEventName): boolean;
  /**
   * Runs every listener of each event, in registration order, one after the other. Never fatal: a
   * listener that throws is logged and the others still run (the effect's own work decides whether it
   * retries; the events are not delivered twice for it). An unknown name (a job queued by an older
   * version) is logged and skipped.
   */
  deliver(events: readonly EngineEvent[]): Promise<void>;
}

export function createEngineEvents(log: FastifyBaseLogger): EngineEvents {
  const listeners = new Map<EngineEventName, EngineListener<never>[]>();
  return {
    on(name, listener) {
      if (!Object.hasOwn(ENGINE_EVENTS, name)) throw new Error(`engine event '${name}' is not in ENGINE_EVENTS`);
      listeners.set(name, [...(listeners.get(name) ?? []), listener as EngineListener<never>]);
    },
    listens: (name) => (listeners.get(name)?.length ?? 0) > 0,
    async deliver(events) {
      for (const event of events) {
        if (!Object.hasOwn(ENGINE_EVENTS, event.name)) {
          log.warn({ event: event.name }, 'engine event with an unknown name: skipped');
          continue;
        }
        const parsed = ENGINE_EVENTS[event.name].safeParse(event.payload);
        if (!parsed.success) {
          log.warn({ event: event.name, issues: parsed.error.issues }, 'engine event with an invalid payload: skipped');
          continue;
        }
        for (const listener of listeners.get(event.name) ?? [])
          await listener(parsed.data as never).catch((err) =>
            log.warn({ err, event: event.name }, 'engine event listener failed'),
          );
      }
    },
  };
}
