import type { BusinessSettings, UpdateBusinessSettingsInput } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { businessHours, profiles } from '../../db/schema/index.ts';
import { getBusinessSettings } from './get-business-settings.ts';

/**
 * Saves the business's time zone (validated by timeZoneSchema) on the signed-in owner's profile and,
 * when given, the weekly hours (null = no schedule) and the closed days (sorted, once each).
 */
export async function updateBusinessSettings(
  db: Db,
  userId: string,
  input: UpdateBusinessSettingsInput,
): Promise<BusinessSettings> {
  await db.transaction(async (tx) => {
    await tx
      .insert(profiles)
      .values({ id: userId, timeZone: input.timeZone })
      .onConflictDoUpdate({ target: profiles.id, set: { timeZone: input.timeZone, updatedAt: new Date() } });
    if (input.hours === undefined && input.closedDays === undefined) return;
    const set: { week?: typeof input.hours; closedDays?: string[]; updatedAt: Date } = { updatedAt: new Date() };
    if (input.hours !== undefined) set.week = input.hours;
    if (input.closedDays !== undefined) set.closedDays = [...new Set(input.closedDays)].sort();
    await tx
      .insert(businessHours)
      .values({ userId, week: set.week ?? null, closedDays: set.closedDays ?? [] })
      .onConflictDoUpdate({ target: businessHours.userId, set });
  });
  return getBusinessSettings(db, userId);
}
