import { AGENDA_MESSAGES, type Booking, type BookingSource } from '@vendai/contracts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { BookingConflict, type AgendaDeps, nowOf, unlessTaken } from './agenda-deps.ts';
import { insertBooking, selectBooking, selectConversationContact } from './bookings-repository.ts';
import { bookingEventBase, publishBookingEvent } from './booking-events.ts';
import { holdFor, placeDepositOrder } from './deposit.ts';
import { findFreeSlots, loadSlotContext } from './find-slots.ts';

export interface BookInput {
  accountId: string;
  serviceId: string;
  /** null: the first professional who does the service and is free then. */
  professionalId?: string | null;
  startsAt: Date;
  /** The conversation it was booked from (the AI's, or the owner's from the inbox). */
  convId?: string | null;
  /** Defaults to the conversation's contact. */
  customerName?: string;
  customerPhone?: string | null;
  notes?: string;
  source: BookingSource;
  /** The member's id, or 'ai'. */
  createdBy: string;
  /**
   * Held until this instant (status `held`); null = booked at once. Not given: held for the service's
   * sinal when it has one and the booking is for a conversation (deposit.ts), else booked.
   */
  holdUntil?: Date | null;
  /**
   * Only a free slot (hours, breaks, notice, horizon, blocks) may be booked. Default: yes for the AI
   * and the customer's link, no for the owner (who books by hand where they like; overlaps stay refused).
   */
  onlyFreeSlots?: boolean;
}

const MINUTE = 60_000;

/**
 * Books an appointment (docs/decisions/069-agenda.md). The database has the last word: two bookings of
 * one professional that overlap (buffers included) cannot both commit, in any process; the loser gets
 * `BookingConflict('taken')` (409 'Esse horário acabou de ser reservado…'). Publishes `booking.created`.
 * A service with a sinal holds the slot until it is paid (docs/decisions/074-agenda-deposit.md).
 */
export async function bookAppointment(deps: AgendaDeps, input: BookInput): Promise<Booking> {
  const { db } = deps;
  const now = nowOf(deps);
  const ctx = await loadSlotContext(db, input.accountId, input.serviceId);
  if (!ctx.service.active) throw new AppError('VALIDATION', AGENDA_MESSAGES.serviceNotFound);
  let customerName = input.customerName?.trim() ?? '';
  let customerPhone = input.customerPhone ?? null;
  if (input.convId) {
    const contact = await selectConversationContact(db, input.accountId, input.convId);
    if (!contact) throw notFound(AGENDA_MESSAGES.bookingNotFound);
    customerName ||= contact.name ?? '';
    customerPhone ??= contact.phone;
  }
  let candidates = ctx.professionals.map((p) => p.id);
  if (input.professionalId) {
    if (!candidates.includes(input.professionalId))
      throw new AppError('VALIDATION', AGENDA_MESSAGES.professionalCannot);
    candidates = [input.professionalId];
  }
  if (candidates.length === 0) throw new AppError('VALIDATION', AGENDA_MESSAGES.noProfessional);
  const onlyFree = input.onlyFreeSlots ?? input.source !== 'owner';
  if (onlyFree) {
    const at = { from: input.startsAt, to: new Date(input.startsAt.getTime() + 1), now };
    const ask = (ignoreBookings: boolean) =>
      findFreeSlots(
        db,
        input.accountId,
        { serviceId: input.serviceId, ...at, ignoreBookings },
        {
          ...ctx,
          professionals: ctx.professionals.filter((p) => candidates.includes(p.id)),
        },
      );
    const free = (await ask(false)).map((s) => s.professionalId);
    if (free.length === 0) throw new BookingConflict((await ask(true)).length > 0 ? 'taken' : 'unavailable');
    candidates = candidates.filter((id) => free.includes(id));
  }
  const { service } = ctx;
  const holdUntil = input.holdUntil !== undefined ? input.holdUntil : await holdFor(deps, { ...input, service });
  const startsAt = input.startsAt;
  const endsAt = new Date(startsAt.getTime() + service.durationMinutes * MINUTE);
  const values = {
    userId: input.accountId,
    serviceId: service.id,
    startsAt,
    endsAt,
    busyFrom: new Date(startsAt.getTime() - service.bufferBeforeMinutes * MINUTE),
    busyUntil: new Date(endsAt.getTime() + service.bufferAfterMinutes * MINUTE),
    status: holdUntil ? ('held' as const) : ('booked' as const),
    holdExpiresAt: holdUntil,
    convId: input.convId ?? null,
    customerName,
    customerPhone,
    priceCents: service.priceCents,
    notes: input.notes ?? '',
    source: input.source,
    createdBy: input.createdBy,
  };
  // The first candidate the database accepts; each refusal is someone else's booking committed first.
  let id: string | null = null;
  for (const professionalId of candidates) {
    try {
      id = await unlessTaken(() => insertBooking(db, { ...values, professionalId }));
      break;
    } catch (err) {
      if (!(err instanceof BookingConflict) || professionalId === candidates.at(-1)) throw err;
    }
  }
  const booking = (await selectBooking(db, input.accountId, id!))!;
  await publishBookingEvent(deps, booking, {
    name: 'booking.created',
    payload: {
      ...bookingEventBase(input.accountId, booking, input.createdBy),
      status: booking.status,
      startsAt: booking.startsAt,
      professionalId: booking.professionalId,
    },
  });
  // The sinal's Pix goes to the customer (the order is keyed by the booking: a retry places it once).
  if (booking.status === 'held') await placeDepositOrder(deps, input.accountId, booking);
  return booking;
}
