import type { AgendaBlock, Booking } from '@vendai/contracts';
import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  type AgendaBookingRow,
  agendaBlocks,
  agendaBookings,
  agendaServices,
  BOOKING_ACTIVE_STATUSES,
  conversations,
} from '../../db/schema/index.ts';

/**
 * The agenda's bookings and blocks (docs/decisions/069-agenda.md), every statement scoped by the
 * account. The no-overlap rule itself is the database's (`agenda_bookings_no_overlap`): an insert or a
 * move that breaks it fails with SQLSTATE 23P01, which the booking service turns into a 409.
 */

/** Busy ranges of these professionals overlapping [from, to): active bookings and blocks (theirs or everyone's). */
export async function selectBusy(
  db: Db,
  accountId: string,
  professionalIds: string[],
  from: Date,
  to: Date,
  o: { exceptBookingId?: string; blocksOnly?: boolean } = {},
): Promise<{ professionalId: string | null; from: Date; to: Date }[]> {
  if (professionalIds.length === 0) return [];
  const { exceptBookingId } = o;
  const bookings = o.blocksOnly
    ? []
    : await db
        .select({
          professionalId: agendaBookings.professionalId,
          from: agendaBookings.busyFrom,
          to: agendaBookings.busyUntil,
        })
        .from(agendaBookings)
        .where(
          and(
            eq(agendaBookings.userId, accountId),
            inArray(agendaBookings.professionalId, professionalIds),
            inArray(agendaBookings.status, [...BOOKING_ACTIVE_STATUSES]),
            lt(agendaBookings.busyFrom, to),
            gt(agendaBookings.busyUntil, from),
            exceptBookingId ? sql`${agendaBookings.id} <> ${exceptBookingId}` : undefined,
          ),
        );
  const blocks = await db
    .select({ professionalId: agendaBlocks.professionalId, from: agendaBlocks.startsAt, to: agendaBlocks.endsAt })
    .from(agendaBlocks)
    .where(
      and(
        eq(agendaBlocks.userId, accountId),
        or(isNull(agendaBlocks.professionalId), inArray(agendaBlocks.professionalId, professionalIds)),
        lt(agendaBlocks.startsAt, to),
        gt(agendaBlocks.endsAt, from),
      ),
    );
  return [...bookings, ...blocks];
}

const bookingColumns = {
  row: agendaBookings,
  serviceName: agendaServices.name,
};

const toBooking = (r: { row: AgendaBookingRow; serviceName: string }): Booking => ({
  id: r.row.id,
  professionalId: r.row.professionalId,
  serviceId: r.row.serviceId,
  serviceName: r.serviceName,
  startsAt: r.row.startsAt.toISOString(),
  endsAt: r.row.endsAt.toISOString(),
  status: r.row.status,
  convId: r.row.convId,
  customerName: r.row.customerName,
  customerPhone: r.row.customerPhone,
  priceCents: r.row.priceCents,
  notes: r.row.notes,
  source: r.row.source,
  holdExpiresAt: r.row.holdExpiresAt?.toISOString() ?? null,
  version: r.row.version,
});

function selectBookingRows(db: Db) {
  return db
    .select(bookingColumns)
    .from(agendaBookings)
    .innerJoin(agendaServices, eq(agendaServices.id, agendaBookings.serviceId));
}

/** How many live bookings this professional has from `now` on (a professional with them cannot be deactivated). */
export async function countFutureBookings(
  db: Db,
  accountId: string,
  professionalId: string,
  now: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(agendaBookings)
    .where(
      and(
        eq(agendaBookings.userId, accountId),
        eq(agendaBookings.professionalId, professionalId),
        inArray(agendaBookings.status, [...BOOKING_ACTIVE_STATUSES]),
        gt(agendaBookings.endsAt, now),
      ),
    );
  return row?.n ?? 0;
}

export async function selectBooking(db: Db, accountId: string, id: string): Promise<Booking | null> {
  const [row] = await selectBookingRows(db).where(and(eq(agendaBookings.userId, accountId), eq(agendaBookings.id, id)));
  return row ? toBooking(row) : null;
}

/** Bookings (every status) starting before `to` and ending after `from`, by start. */
export async function selectBookings(
  db: Db,
  accountId: string,
  o: { from: Date; to: Date; convId?: string },
): Promise<Booking[]> {
  const rows = await selectBookingRows(db)
    .where(
      and(
        eq(agendaBookings.userId, accountId),
        lt(agendaBookings.startsAt, o.to),
        gt(agendaBookings.endsAt, o.from),
        o.convId ? eq(agendaBookings.convId, o.convId) : undefined,
      ),
    )
    .orderBy(asc(agendaBookings.startsAt), asc(agendaBookings.id))
    .limit(2_000);
  return rows.map(toBooking);
}

/** The conversation's next active booking (ends after `now`), or null. */
export async function selectNextBooking(db: Db, accountId: string, convId: string, now: Date): Promise<Booking | null> {
  const [row] = await selectBookingRows(db)
    .where(
      and(
        eq(agendaBookings.userId, accountId),
        eq(agendaBookings.convId, convId),
        inArray(agendaBookings.status, ['held', 'booked', 'confirmed']),
        gt(agendaBookings.endsAt, now),
      ),
    )
    .orderBy(asc(agendaBookings.startsAt))
    .limit(1);
  return row ? toBooking(row) : null;
}

export type BookingValues = typeof agendaBookings.$inferInsert;

/** Inserts a booking; throws 23P01 when it overlaps an active one of the same professional. */
export async function insertBooking(db: Db, v: BookingValues): Promise<string> {
  const [row] = await db.insert(agendaBookings).values(v).returning({ id: agendaBookings.id });
  return row!.id;
}

/**
 * Moves an active booking when it is still at `version` (one statement: the version grows); null when
 * it is not the account's, not active, or moved meanwhile. Throws 23P01 on an overlap.
 */
export async function updateBookingTimes(
  db: Db,
  o: {
    userId: string;
    id: string;
    version: number;
    professionalId: string;
    startsAt: Date;
    endsAt: Date;
    busyFrom: Date;
    busyUntil: Date;
  },
): Promise<boolean> {
  const rows = await db
    .update(agendaBookings)
    .set({
      professionalId: o.professionalId,
      startsAt: o.startsAt,
      endsAt: o.endsAt,
      busyFrom: o.busyFrom,
      busyUntil: o.busyUntil,
      version: sql`${agendaBookings.version} + 1`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(agendaBookings.userId, o.userId),
        eq(agendaBookings.id, o.id),
        eq(agendaBookings.version, o.version),
        inArray(agendaBookings.status, ['held', 'booked', 'confirmed']),
      ),
    )
    .returning({ id: agendaBookings.id });
  return rows.length > 0;
}

/** Changes the status when it is one of `from` (one statement); false when not (or not the account's). */
export async function updateBookingStatus(
  db: Db,
  o: { userId: string; id: string; status: AgendaBookingRow['status']; from: readonly AgendaBookingRow['status'][] },
): Promise<boolean> {
  const rows = await db
    .update(agendaBookings)
    .set({ status: o.status, statusChangedAt: new Date(), updatedAt: new Date(), holdExpiresAt: null })
    .where(
      and(
        eq(agendaBookings.userId, o.userId),
        eq(agendaBookings.id, o.id),
        inArray(agendaBookings.status, [...o.from]),
      ),
    )
    .returning({ id: agendaBookings.id });
  return rows.length > 0;
}

const toBlock = (r: typeof agendaBlocks.$inferSelect): AgendaBlock => ({
  id: r.id,
  professionalId: r.professionalId,
  startsAt: r.startsAt.toISOString(),
  endsAt: r.endsAt.toISOString(),
  reason: r.reason,
});

export async function selectBlocks(db: Db, accountId: string, from: Date, to: Date): Promise<AgendaBlock[]> {
  const rows = await db
    .select()
    .from(agendaBlocks)
    .where(and(eq(agendaBlocks.userId, accountId), lt(agendaBlocks.startsAt, to), gt(agendaBlocks.endsAt, from)))
    .orderBy(asc(agendaBlocks.startsAt));
  return rows.map(toBlock);
}

export async function insertBlock(
  db: Db,
  accountId: string,
  v: { professionalId: string | null; startsAt: Date; endsAt: Date; reason: string },
): Promise<AgendaBlock> {
  const [row] = await db
    .insert(agendaBlocks)
    .values({ userId: accountId, ...v })
    .returning();
  return toBlock(row!);
}

export async function deleteBlock(db: Db, accountId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(agendaBlocks)
    .where(and(eq(agendaBlocks.userId, accountId), eq(agendaBlocks.id, id)))
    .returning({ id: agendaBlocks.id });
  return rows.length > 0;
}

/** The conversation's contact, when it is the account's (a booking made from the inbox). */
export async function selectConversationContact(
  db: Db,
  accountId: string,
  convId: string,
): Promise<{ name: string | null; phone: string | null } | null> {
  const [row] = await db
    .select({ name: conversations.contactName, phone: conversations.contactPhone })
    .from(conversations)
    .where(and(eq(conversations.userId, accountId), eq(conversations.id, convId)));
  return row ?? null;
}
