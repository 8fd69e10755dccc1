import { DEPOSIT_UNPAID_REASON } from '@vendai/contracts';
import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agendaBookings, agendaServices, pixAccounts } from '../../db/schema/index.ts';

/**
 * The deposit's ('sinal') reads and writes on the agenda's tables (docs/decisions/074-agenda-deposit.md).
 * The release is one conditional statement: a held booking past its hold becomes cancelled in exactly one
 * process (a second one finds it no longer held), with SKIP LOCKED so two sweepers share the batch.
 */

/** The service's sinal settings. */
export async function selectServiceDeposit(db: Db, accountId: string, serviceId: string) {
  const [row] = await db
    .select({
      name: agendaServices.name,
      priceCents: agendaServices.priceCents,
      depositCents: agendaServices.depositCents,
      depositPercent: agendaServices.depositPercent,
      holdMinutes: agendaServices.holdMinutes,
    })
    .from(agendaServices)
    .where(and(eq(agendaServices.userId, accountId), eq(agendaServices.id, serviceId)));
  return row ?? null;
}

/** Whether the account receives Pix (a Pix account is set up). */
export async function hasPixAccount(db: Db, accountId: string): Promise<boolean> {
  const [row] = await db.select({ id: pixAccounts.userId }).from(pixAccounts).where(eq(pixAccounts.userId, accountId));
  return Boolean(row);
}

/** Writes the deposit's order on the booking, once. */
export async function linkDepositOrder(db: Db, accountId: string, bookingId: string, orderId: string): Promise<void> {
  await db
    .update(agendaBookings)
    .set({ depositOrderId: orderId })
    .where(
      and(
        eq(agendaBookings.userId, accountId),
        eq(agendaBookings.id, bookingId),
        isNull(agendaBookings.depositOrderId),
      ),
    );
}

/** The booking a deposit order holds, if any. */
export async function selectBookingOfDeposit(db: Db, orderId: string) {
  const [row] = await db
    .select({
      id: agendaBookings.id,
      userId: agendaBookings.userId,
      status: agendaBookings.status,
      cancelReason: agendaBookings.cancelReason,
    })
    .from(agendaBookings)
    .where(eq(agendaBookings.depositOrderId, orderId));
  return row ?? null;
}

/**
 * Releases held bookings whose hold ran out (status cancelled, reason 'sinal não pago'), at most
 * `limit`; returns the ones this call released. Safe in many processes at once: each row is released by
 * one statement only.
 */
export async function releaseExpiredHolds(db: Db, now: Date, limit: number) {
  const due = db
    .select({ id: agendaBookings.id })
    .from(agendaBookings)
    .where(and(eq(agendaBookings.status, 'held'), lte(agendaBookings.holdExpiresAt, now)))
    .orderBy(asc(agendaBookings.holdExpiresAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(agendaBookings)
    .set({
      status: 'cancelled',
      cancelReason: DEPOSIT_UNPAID_REASON,
      statusChangedAt: now,
      updatedAt: now,
    })
    .where(and(inArray(agendaBookings.id, due), eq(agendaBookings.status, 'held')))
    .returning({ id: agendaBookings.id, userId: agendaBookings.userId });
}

/** Bookings released for an unpaid sinal since `since` (their event is queued again unless it exists). */
export async function selectRecentReleases(db: Db, since: Date, limit: number) {
  return selectBookingRefs(
    db,
    and(
      eq(agendaBookings.status, 'cancelled'),
      eq(agendaBookings.cancelReason, DEPOSIT_UNPAID_REASON),
      gt(agendaBookings.statusChangedAt, since),
    ),
    limit,
  );
}

/** Held bookings with no deposit order yet, made before `before` (their process died before placing it). */
export async function selectHeldWithoutOrder(db: Db, before: Date, limit: number) {
  return selectBookingRefs(
    db,
    and(
      eq(agendaBookings.status, 'held'),
      isNull(agendaBookings.depositOrderId),
      isNotNull(agendaBookings.convId),
      lt(agendaBookings.createdAt, before),
    ),
    limit,
  );
}

/** Up to `limit` bookings that match (their id and account), for the sweeps above. */
const selectBookingRefs = (db: Db, where: SQL | undefined, limit: number) =>
  db.select({ id: agendaBookings.id, userId: agendaBookings.userId }).from(agendaBookings).where(where).limit(limit);

/** A booking released for an unpaid sinal whose deposit was paid after all: held again as booked (23P01 when taken). */
export async function retakeReleased(db: Db, accountId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(agendaBookings)
    .set({
      status: 'booked',
      cancelReason: '',
      statusChangedAt: new Date(),
      updatedAt: new Date(),
      holdExpiresAt: null,
    })
    .where(
      and(
        eq(agendaBookings.userId, accountId),
        eq(agendaBookings.id, id),
        eq(agendaBookings.status, 'cancelled'),
        eq(agendaBookings.cancelReason, DEPOSIT_UNPAID_REASON),
      ),
    )
    .returning({ id: agendaBookings.id });
  return rows.length > 0;
}
