import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';
import type { BurstEvents } from '../../db/schema/index.ts';

/** The events stored beside an answer's burst (`reply_bursts.events`), as the schema types them. */
export type { BurstEvents };

/** A burst's state in two flags: its first part reached the customer; it is still being generated or sent. */
type BurstProgressRow = { reached: boolean; going: boolean };

/** Where an answer's burst stands (null: no such burst). */
export async function selectBurstProgress(db: Db, burstId: string): Promise<BurstProgressRow | null> {
  const [row] = resultRows<BurstProgressRow>(
    await db.execute(sql`
      select (state = 'done' or (state = 'failed' and sent_parts > 1)) as reached,
             state in ('generating', 'sending') as going
      from reply_bursts where id = ${burstId}`),
  );
  return row ?? null;
}
