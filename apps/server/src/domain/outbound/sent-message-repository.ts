import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';

/** The stored message's WhatsApp id once the gateway's echo linked it (reconcile-send.ts); null before. */
export async function findExternalId(db: Db, messageId: string): Promise<string | null> {
  const [row] = resultRows<{ external_id: string | null }>(
    await db.execute(sql`select external_id from messages where id = ${messageId}`),
  );
  return row?.external_id ?? null;
}
