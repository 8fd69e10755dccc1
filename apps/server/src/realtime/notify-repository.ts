import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { REALTIME_CHANNEL } from './wire-format.ts';

/** NOTIFY one encoded envelope on the realtime channel; inside a transaction PostgreSQL delivers it at the commit. */
export async function notifyRealtimePayload(tx: Db, payload: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${payload})`);
}
