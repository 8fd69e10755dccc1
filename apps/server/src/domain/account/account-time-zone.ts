import { DEFAULT_TIME_ZONE } from '@vendai/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profiles } from '../../db/schema/index.ts';

/**
 * The business's IANA time zone (profiles.time_zone), used wherever "now" or "a day" means the shop's
 * local time: the AI's context block, business hours, results per day. America/Sao_Paulo by default.
 */
export async function getAccountTimeZone(db: Db, userId: string): Promise<string> {
  const [row] = await db.select({ timeZone: profiles.timeZone }).from(profiles).where(eq(profiles.id, userId));
  return row?.timeZone ?? DEFAULT_TIME_ZONE;
}
