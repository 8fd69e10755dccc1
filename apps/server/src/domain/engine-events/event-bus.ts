import type { FastifyBaseLogger } from 'fastify';
import { ENGINE_EVENTS, type EngineEvent, type EngineEventName, type EngineEventPayload } from './engine-events.ts';

export type EngineListener<N extends EngineEventName> = (payload: EngineEventPayload<N>) => Promise<void>;

/**
 * The registry of the engine's listeners (docs/decisions/057-engine-events.md): features register at
 * composition (app.ts), before the job runner starts; the events job (event-job.ts) delivers to them.
 */
export interface EngineEvents {
  on<N extends EngineEventName>(name: N, listener: EngineListener<N>): void;
  /**
   * Runs every listener of each event, in registration order, one after the other. Never fatal: a
   * listener that throws is logged and the others still run (the effect's own work decides whether it
   * retries; the events are not delivered twice for it).
   */
  deliver(events: readonly EngineEvent[]): Promise<void>;
}

export function createEngineEvents(log: FastifyBaseLogger): EngineEvents {
  const listeners = new Map<EngineEventName, EngineListener<never>[]>();
  return {
    on(name, listener) {
      listeners.set(name, [...(listeners.get(name) ?? []), listener as EngineListener<never>]);
    },
    async deliver(events) {
      for (const event of events) {
        const payload = ENGINE_EVENTS[event.name].parse(event.payload) as never;
        for (const listener of listeners.get(event.name) ?? [])
          await listener(payload).catch((err) => log.warn({ err, event: event.name }, 'engine event listener failed'));
      }
    },
  };
}
