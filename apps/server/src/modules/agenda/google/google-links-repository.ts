import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { googleCalendarBusy, googleCalendarLinks } from '../../../db/schema/index.ts';

/** Google Calendar links and the busy times read from them (docs/decisions/070-agenda-in-the-chat.md). */

export type GoogleLinkRow = typeof googleCalendarLinks.$inferSelect;

export async function upsertLink(
  db: Db,
  v: { accountId: string; professionalId: string; calendarId: string; refreshTokenSealed: string },
): Promise<void> {
  await db
    .insert(googleCalendarLinks)
    .values({
      userId: v.accountId,
      professionalId: v.professionalId,
      calendarId: v.calendarId,
      refreshTokenSealed: v.refreshTokenSealed,
      syncToken: null,
    })
    .onConflictDoUpdate({
      target: googleCalendarLinks.professionalId,
      set: {
        calendarId: v.calendarId,
        refreshTokenSealed: v.refreshTokenSealed,
        syncToken: null,
        lastError: null,
        connectedAt: new Date(),
      },
    });
}

export const selectLinks = (db: Db, accountId: string): Promise<GoogleLinkRow[]> =>
  db.select().from(googleCalendarLinks).where(eq(googleCalendarLinks.userId, accountId));

export const selectAllLinks = (db: Db): Promise<GoogleLinkRow[]> => db.select().from(googleCalendarLinks);

export async function selectLink(db: Db, accountId: string, professionalId: string): Promise<GoogleLinkRow | null> {
  const [row] = await db
    .select()
    .from(googleCalendarLinks)
    .where(and(eq(googleCalendarLinks.userId, accountId), eq(googleCalendarLinks.professionalId, professionalId)));
  return row ?? null;
}

export async function deleteLink(db: Db, accountId: string, professionalId: string): Promise<boolean> {
  const gone = await db
    .delete(googleCalendarLinks)
    .where(and(eq(googleCalendarLinks.userId, accountId), eq(googleCalendarLinks.professionalId, professionalId)))
    .returning({ id: googleCalendarLinks.professionalId });
  return gone.length > 0;
}

export async function markSynced(
  db: Db,
  professionalId: string,
  v: { syncToken: string | null; lastError: string | null },
): Promise<void> {
  await db
    .update(googleCalendarLinks)
    .set({ ...v, ...(v.lastError ? {} : { lastSyncedAt: new Date() }) })
    .where(eq(googleCalendarLinks.professionalId, professionalId));
}

export const selectBusy = (db: Db, professionalId: string) =>
  db
    .select({ googleEventId: googleCalendarBusy.googleEventId, blockId: googleCalendarBusy.blockId })
    .from(googleCalendarBusy)
    .where(eq(googleCalendarBusy.professionalId, professionalId));

/** Records the block made for a Google event; false when another pass recorded one first. */
export async function insertBusy(
  db: Db,
  v: { userId: string; professionalId: string; googleEventId: string; blockId: string },
): Promise<boolean> {
  const added = await db
    .insert(googleCalendarBusy)
    .values(v)
    .onConflictDoNothing()
    .returning({ blockId: googleCalendarBusy.blockId });
  return added.length > 0;
}

export async function deleteBusy(db: Db, professionalId: string, googleEventId: string): Promise<void> {
  await db
    .delete(googleCalendarBusy)
    .where(
      and(eq(googleCalendarBusy.professionalId, professionalId), eq(googleCalendarBusy.googleEventId, googleEventId)),
    );
}
