import type { BusinessSettings } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { getAccountTimeZone } from '../../domain/account/account-time-zone.ts';

/** The business's clock settings (docs/decisions/018-ai-context-block.md). */
export async function getBusinessSettings(db: Db, userId: string): Promise<BusinessSettings> {
  return { timeZone: await getAccountTimeZone(db, userId) };
}
