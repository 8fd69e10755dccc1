import { and, asc, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agendaBookings, agendaProfessionals, agendaServices } from '../../db/schema/index.ts';

/** The private iCalendar feed's statements (docs/decisions/069-agenda.md). */

/** Sets (or clears) a professional's feed secret; false when the professional is not the account's. */
export async function updateIcalToken(db: Db, accountId: string, id: string, token: string | null): Promise<boolean> {
  const rows = await db
    .update(agendaProfessionals)
    .set({ icalToken: token })
    .where(and(eq(agendaProfessionals.userId, accountId), eq(agendaProfessionals.id, id)))
    .returning({ id: agendaProfessionals.id });
  return rows.length > 0;
}

export async function selectProfessionalByToken(
  db: Db,
  token: string,
): Promise<{ id: string; userId: string; name: string } | null> {
  const [row] = await db
    .select({ id: agendaProfessionals.id, userId: agendaProfessionals.userId, name: agendaProfessionals.name })
    .from(agendaProfessionals)
    .where(eq(agendaProfessionals.icalToken, token));
  return row ?? null;
}

/** The professional's active bookings between two instants, by start. */
export async function selectFeedBookings(db: Db, o: { userId: string; professionalId: string; from: Date; to: Date }) {
  return db
    .select({
      id: agendaBookings.id,
      startsAt: agendaBookings.startsAt,
      endsAt: agendaBookings.endsAt,
      status: agendaBookings.status,
      customerName: agendaBookings.customerName,
      serviceName: agendaServices.name,
      updatedAt: agendaBookings.updatedAt,
    })
    .from(agendaBookings)
    .innerJoin(agendaServices, eq(agendaServices.id, agendaBookings.serviceId))
    .where(
      and(
        eq(agendaBookings.userId, o.userId),
        eq(agendaBookings.professionalId, o.professionalId),
        inArray(agendaBookings.status, ['held', 'booked', 'confirmed', 'attended']),
        lt(agendaBookings.startsAt, o.to),
        gt(agendaBookings.endsAt, o.from),
      ),
    )
    .orderBy(asc(agendaBookings.startsAt))
    .limit(5_000);
}
