import { AGENDA_MESSAGES, type AgendaBlock, type AgendaCalendar, type Booking } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { deleteBlock, insertBlock, selectBlocks, selectBookings, selectNextBooking } from './bookings-repository.ts';
import { selectProfessionals } from './setup-repository.ts';

/** The owner's agenda between two instants: bookings (every status) and blocks. */
export async function readCalendar(db: Db, accountId: string, from: Date, to: Date): Promise<AgendaCalendar> {
  const [bookings, blocks] = await Promise.all([
    selectBookings(db, accountId, { from, to }),
    selectBlocks(db, accountId, from, to),
  ]);
  return { bookings, blocks };
}

/** A conversation's bookings between two instants (every status), by start. */
export const listBookings = (
  db: Db,
  accountId: string,
  o: { from: Date; to: Date; convId?: string },
): Promise<Booking[]> => selectBookings(db, accountId, o);

/** The customer's next appointment in this conversation (held, booked or confirmed, not over), or null. */
export const nextBookingOf = (db: Db, accountId: string, convId: string, now: Date): Promise<Booking | null> =>
  selectNextBooking(db, accountId, convId, now);

/** Blocks time (a professional's or everyone's): slots inside it are no longer offered. */
export async function addBlock(
  db: Db,
  accountId: string,
  v: { professionalId: string | null; startsAt: Date; endsAt: Date; reason: string },
): Promise<AgendaBlock> {
  if (v.professionalId && !(await selectProfessionals(db, accountId)).some((p) => p.id === v.professionalId))
    throw new AppError('VALIDATION', AGENDA_MESSAGES.professionalNotFound, {
      fields: { professionalId: AGENDA_MESSAGES.professionalNotFound },
    });
  return insertBlock(db, accountId, v);
}

export async function removeBlock(db: Db, accountId: string, id: string): Promise<void> {
  if (!(await deleteBlock(db, accountId, id))) throw notFound(AGENDA_MESSAGES.blockNotFound);
}
