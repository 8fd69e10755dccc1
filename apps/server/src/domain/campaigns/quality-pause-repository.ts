import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';
import { qualityEventPauseReason } from './campaign-rules.ts';

/**
 * Meta said the number's quality dropped (`phone_number_quality_update` FLAGGED or DOWNGRADE,
 * docs/decisions/078-campaign-reach-and-pause.md): every campaign of that number still sending pauses at once
 * with the Portuguese reason, before its next send reads the rating. Used by the Meta webhook; any other event
 * pauses nothing. The campaigns paused.
 */
export async function pauseOnQualityEvent(
  db: Db,
  numberId: string,
  event: string | null,
): Promise<{ id: string; user_id: string; name: string; reason: string }[]> {
  const reason = qualityEventPauseReason(event);
  if (!reason) return [];
  return resultRows<{ id: string; user_id: string; name: string; reason: string }>(
    await db.execute(sql`
      update campaigns set status = 'paused', paused_reason = ${reason}
      where number_id = ${numberId} and status = 'sending'
      returning id, user_id, name, paused_reason as reason`),
  );
}
