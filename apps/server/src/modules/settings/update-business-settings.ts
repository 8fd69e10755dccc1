import type { BusinessSettings, UpdateBusinessSettingsInput } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { profiles } from '../../db/schema/index.ts';
import { getBusinessSettings } from './get-business-settings.ts';

/** Saves the business's time zone (validated by timeZoneSchema) on the signed-in owner's profile. */
export async function updateBusinessSettings(
  db: Db,
  userId: string,
  input: UpdateBusinessSettingsInput,
): Promise<BusinessSettings> {
  await db
    .insert(profiles)
    .values({ id: userId, timeZone: input.timeZone })
    .onConflictDoUpdate({ target: profiles.id, set: { timeZone: input.timeZone, updatedAt: new Date() } });
  return getBusinessSettings(db, userId);
}
