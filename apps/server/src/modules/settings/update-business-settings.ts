import type { BusinessFacts, BusinessSettings, UpdateBusinessSettingsInput } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { getBusinessSettings } from './get-business-settings.ts';
import { saveBusinessHours, saveTimeZone, type BusinessHoursChange } from './settings-repository.ts';

const FACT_KEYS = [
  'hoursNote',
  'address',
  'paymentMethods',
  'deliveryAreas',
] as const satisfies (keyof BusinessFacts)[];

/**
 * Saves the business's time zone (validated by timeZoneSchema) on the signed-in owner's profile and,
 * when given, the weekly hours (null = no schedule), the closed days (sorted, once each) and the facts
 * (docs/decisions/066-business-facts-in-one-place.md: null = not given). What is left out keeps its value.
 */
export async function updateBusinessSettings(
  db: Db,
  accountId: string,
  input: UpdateBusinessSettingsInput,
): Promise<BusinessSettings> {
  await db.transaction(async (tx) => {
    await saveTimeZone(tx, accountId, input.timeZone);
    const facts: Partial<BusinessFacts> = {};
    for (const key of FACT_KEYS) if (input[key] !== undefined) facts[key] = input[key];
    const factsChanged = Object.keys(facts).length > 0;
    const hoursChanged = input.hours !== undefined || input.closedDays !== undefined;
    if (!hoursChanged && !factsChanged) return;
    const now = new Date();
    const set: BusinessHoursChange = { ...facts };
    if (input.hours !== undefined) set.week = input.hours;
    if (input.closedDays !== undefined) set.closedDays = [...new Set(input.closedDays)].sort();
    if (hoursChanged) set.updatedAt = now;
    if (factsChanged) set.factsUpdatedAt = now;
    await saveBusinessHours(tx, accountId, set);
  });
  return getBusinessSettings(db, accountId);
}
