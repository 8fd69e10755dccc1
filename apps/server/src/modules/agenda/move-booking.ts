import { AGENDA_MESSAGES, type Booking } from '@vendai/contracts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { BookingConflict, type AgendaDeps, nowOf, unlessTaken } from './agenda-deps.ts';
import { selectBooking, updateBookingTimes } from './bookings-repository.ts';
import { bookingEventBase, publishBookingEvent } from './booking-events.ts';
import { findFreeSlots, loadSlotContext } from './find-slots.ts';

const MINUTE = 60_000;
const MOVABLE = new Set(['held', 'booked', 'confirmed']);

/**
 * Moves a booking to another start (and optionally another professional who does the service),
 * keeping its length (docs/decisions/069-agenda.md). `version` is the one the caller saw: a booking
 * moved or changed meanwhile answers `BookingConflict('changed')`; the new time must not overlap
 * another active booking (the database's constraint, 'taken'); with `onlyFreeSlots` (the AI, the
 * customer's link) it must be a free slot. Publishes `booking.moved`.
 */
export async function moveBooking(
  deps: AgendaDeps,
  o: {
    accountId: string;
    bookingId: string;
    startsAt: Date;
    professionalId?: string;
    version: number;
    by: string;
    onlyFreeSlots?: boolean;
  },
): Promise<Booking> {
  const { db } = deps;
  const before = await selectBooking(db, o.accountId, o.bookingId);
  if (!before) throw notFound(AGENDA_MESSAGES.bookingNotFound);
  if (!MOVABLE.has(before.status)) throw new BookingConflict('not_active');
  if (before.version !== o.version) throw new BookingConflict('changed');
  const ctx = await loadSlotContext(db, o.accountId, before.serviceId);
  const professionalId = o.professionalId ?? before.professionalId;
  if (professionalId !== before.professionalId && !ctx.professionals.some((p) => p.id === professionalId))
    throw new AppError('VALIDATION', AGENDA_MESSAGES.professionalCannot);
  if (o.onlyFreeSlots ?? before.source !== 'owner') {
    const free = await findFreeSlots(
      db,
      o.accountId,
      {
        serviceId: before.serviceId,
        professionalId,
        from: o.startsAt,
        to: new Date(o.startsAt.getTime() + 1),
        now: nowOf(deps),
        exceptBookingId: before.id,
      },
      ctx,
    );
    if (free.length === 0) throw new BookingConflict('unavailable');
  }
  const length = new Date(before.endsAt).getTime() - new Date(before.startsAt).getTime();
  const endsAt = new Date(o.startsAt.getTime() + length);
  const moved = await unlessTaken(() =>
    updateBookingTimes(db, {
      userId: o.accountId,
      id: before.id,
      version: o.version,
      professionalId,
      startsAt: o.startsAt,
      endsAt,
      busyFrom: new Date(o.startsAt.getTime() - ctx.service.bufferBeforeMinutes * MINUTE),
      busyUntil: new Date(endsAt.getTime() + ctx.service.bufferAfterMinutes * MINUTE),
    }),
  );
  if (!moved) throw new BookingConflict('changed');
  const booking = (await selectBooking(db, o.accountId, before.id))!;
  await publishBookingEvent(deps, booking, {
    name: 'booking.moved',
    payload: {
      ...bookingEventBase(o.accountId, booking, o.by),
      startsAt: booking.startsAt,
      previousStartsAt: before.startsAt,
      professionalId: booking.professionalId,
      previousProfessionalId: before.professionalId,
      version: booking.version,
    },
  });
  return booking;
}
