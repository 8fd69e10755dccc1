import { randomUUID } from 'node:crypto';
import type { Booking } from '@vendai/contracts';
import type { EngineEvent } from '../../domain/engine-events/engine-events.ts';
import { publishEngineEvents } from '../../domain/engine-events/event-job.ts';
import type { AgendaDeps } from './agenda-deps.ts';

/**
 * Publishes a booking's event (docs/decisions/069-agenda.md): its own `engine.events` job (durable,
 * delivered once to whoever listens: reminders, Resultados' funnel stage, calendar sync, the agenda's
 * live update), nothing when nobody listens. Published after the booking's write committed.
 */
export async function publishBookingEvent(deps: AgendaDeps, booking: Booking, event: EngineEvent): Promise<void> {
  const key =
    event.name === 'booking.created' || event.name === 'booking.cancelled'
      ? `${event.name}:${booking.id}`
      : event.name === 'booking.moved'
        ? `${event.name}:${booking.id}:${booking.version}`
        : `${event.name}:${booking.id}:${randomUUID()}`;
  await publishEngineEvents(deps, { key, afterBurst: null, events: [event] });
}

/** The fields every booking event carries. */
export const bookingEventBase = (accountId: string, b: Booking, by: string) => ({
  userId: accountId,
  convId: b.convId,
  bookingId: b.id,
  source: b.source,
  by,
});
