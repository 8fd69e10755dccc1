import { DEFAULT_TIME_ZONE } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { findStoredTimeZone } from './account-repository.ts';

/**
 * The business's IANA time zone (profiles.time_zone), used wherever "now" or "a day" means the shop's
 * local time: the AI's context block, business hours, results per day. America/Sao_Paulo by default.
 */
export async function getAccountTimeZone(db: Db, accountId: string): Promise<string> {
  return (await findStoredTimeZone(db, accountId)) ?? DEFAULT_TIME_ZONE;
}
