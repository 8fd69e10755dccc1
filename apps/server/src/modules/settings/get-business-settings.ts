import type { BusinessSettings } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { getAccountTimeZone } from '../../domain/account/account-time-zone.ts';
import { loadBusinessHours } from '../../domain/business-hours/load-business-hours.ts';

/** The business's clock: time zone, weekly hours and closed days (decisions 018 and 019). */
export async function getBusinessSettings(db: Db, userId: string): Promise<BusinessSettings> {
  const { week, closedDays } = await loadBusinessHours(db, userId);
  return { timeZone: await getAccountTimeZone(db, userId), hours: week, closedDays };
}
