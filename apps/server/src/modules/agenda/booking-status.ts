import { AGENDA_MESSAGES, type Booking, type BookingStatus } from '@vendai/contracts';
import { notFound } from '../../lib/app-error.ts';
import { BookingConflict, type AgendaDeps, unlessTaken } from './agenda-deps.ts';
import { selectBooking, updateBookingStatus } from './bookings-repository.ts';
import { bookingEventBase, publishBookingEvent } from './booking-events.ts';

/** The statuses a booking may come from, per status it goes to (docs/decisions/069-agenda.md). */
const FROM: Record<Exclude<BookingStatus, 'cancelled'>, readonly BookingStatus[]> = {
  held: [],
  // A deposit paid (held → booked), or a mark undone.
  booked: ['held', 'confirmed', 'no_show', 'attended'],
  confirmed: ['held', 'booked'],
  attended: ['booked', 'confirmed', 'no_show'],
  no_show: ['booked', 'confirmed', 'attended'],
};

/**
 * Cancels a booking (held, booked or confirmed): its time is free again at once. Already cancelled:
 * returned as it is, nothing published (a repeated tap, a repeated '3'). Publishes `booking.cancelled`.
 */
export async function cancelBooking(
  deps: AgendaDeps,
  o: { accountId: string; bookingId: string; by: string; reason?: string },
): Promise<Booking> {
  const before = await selectBooking(deps.db, o.accountId, o.bookingId);
  if (!before) throw notFound(AGENDA_MESSAGES.bookingNotFound);
  if (before.status === 'cancelled') return before;
  const done = await updateBookingStatus(deps.db, {
    userId: o.accountId,
    id: before.id,
    status: 'cancelled',
    from: ['held', 'booked', 'confirmed'],
  });
  if (!done) throw new BookingConflict('not_active');
  const booking = (await selectBooking(deps.db, o.accountId, before.id))!;
  await publishBookingEvent(deps, booking, {
    name: 'booking.cancelled',
    payload: { ...bookingEventBase(o.accountId, booking, o.by), startsAt: booking.startsAt, reason: o.reason ?? '' },
  });
  return booking;
}

/**
 * Marks a booking confirmed, attended ('Compareceu'), no-show ('Não compareceu') or booked again
 * (a deposit paid, a mark undone). The same status again is a no-op. A no-show frees the time; marking
 * it attended again takes it back (409 'taken' if someone booked it meanwhile). Publishes
 * `booking.status_changed`.
 */
export async function setBookingStatus(
  deps: AgendaDeps,
  o: { accountId: string; bookingId: string; status: Exclude<BookingStatus, 'cancelled' | 'held'>; by: string },
): Promise<Booking> {
  const before = await selectBooking(deps.db, o.accountId, o.bookingId);
  if (!before) throw notFound(AGENDA_MESSAGES.bookingNotFound);
  if (before.status === o.status) return before;
  const done = await unlessTaken(() =>
    updateBookingStatus(deps.db, { userId: o.accountId, id: before.id, status: o.status, from: FROM[o.status] }),
  );
  if (!done) throw new BookingConflict('not_active');
  const booking = (await selectBooking(deps.db, o.accountId, before.id))!;
  await publishBookingEvent(deps, booking, {
    name: 'booking.status_changed',
    payload: { ...bookingEventBase(o.accountId, booking, o.by), status: booking.status, previous: before.status },
  });
  return booking;
}
