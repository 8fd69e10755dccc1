import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { businessHours, conversations, numbers, ownerAlerts, profiles, user } from '../../db/schema/index.ts';
import type { MovedFactText } from '../../db/schema/business-hours.ts';

/** The settings page's rows, always of the signed-in user. */

export async function findSettingsRow(db: Db, accountId: string) {
  const [row] = await db
    .select({
      phone: profiles.phone,
      countryCode: profiles.countryCode,
      alertHandoff: profiles.alertHandoff,
      alertNeedsOwner: profiles.alertNeedsOwner,
      alertHotLead: profiles.alertHotLead,
      alertDailyCap: profiles.alertDailyCap,
      alertChannel: profiles.alertChannel,
      email: user.email,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, accountId));
  return row ?? null;
}

export async function businessPhones(db: Db, accountId: string): Promise<string[]> {
  const rows = await db.select({ phone: numbers.phone }).from(numbers).where(eq(numbers.userId, accountId));
  return rows.map((r) => r.phone);
}

export async function saveSettingsRow(
  db: Db,
  accountId: string,
  values: {
    phone: string;
    countryCode: string;
    alertHandoff: boolean;
    alertNeedsOwner: boolean;
    alertHotLead: boolean;
    alertDailyCap: number;
    alertChannel: string;
  },
): Promise<void> {
  await db
    .insert(profiles)
    .values({ id: accountId, ...values })
    .onConflictDoUpdate({ target: profiles.id, set: { ...values, updatedAt: new Date() } });
}

export async function latestAlerts(db: Db, accountId: string, limit: number) {
  return db
    .select({
      id: ownerAlerts.id,
      convId: ownerAlerts.convId,
      contactName: conversations.contactName,
      kind: ownerAlerts.kind,
      status: ownerAlerts.status,
      text: ownerAlerts.text,
      error: ownerAlerts.error,
      createdAt: ownerAlerts.createdAt,
    })
    .from(ownerAlerts)
    .innerJoin(conversations, and(eq(conversations.id, ownerAlerts.convId), eq(conversations.userId, accountId)))
    .where(eq(ownerAlerts.userId, accountId))
    .orderBy(desc(ownerAlerts.createdAt))
    .limit(limit);
}

/** The texts the business-facts migration moved (drizzle/0053_business-facts.sql); empty when none or dismissed. */
export async function findMovedFactTexts(db: Db, accountId: string): Promise<MovedFactText[]> {
  const [row] = await db
    .select({ movedTexts: businessHours.movedTexts })
    .from(businessHours)
    .where(eq(businessHours.userId, accountId));
  return row?.movedTexts ?? [];
}

/** The owner read them: the list is emptied (the facts themselves are untouched). */
export async function dismissMovedFactTexts(db: Db, accountId: string): Promise<void> {
  await db.update(businessHours).set({ movedTexts: null }).where(eq(businessHours.userId, accountId));
}

export type BusinessHoursChange = Partial<typeof businessHours.$inferInsert>;

/** The owner's time zone on the profile (created when missing). */
export async function saveTimeZone(db: Db, accountId: string, timeZone: string): Promise<void> {
  await db
    .insert(profiles)
    .values({ id: accountId, timeZone })
    .onConflictDoUpdate({ target: profiles.id, set: { timeZone, updatedAt: new Date() } });
}

/** Writes what changed of the business facts row (created empty when missing); what is left out keeps its value. */
export async function saveBusinessHours(db: Db, accountId: string, set: BusinessHoursChange): Promise<void> {
  await db
    .insert(businessHours)
    .values({ userId: accountId, week: null, closedDays: [], ...set })
    .onConflictDoUpdate({ target: businessHours.userId, set });
}
