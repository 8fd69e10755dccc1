import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conversations } from '../../db/schema/index.ts';
import { getAccountTimeZone } from '../account/account-time-zone.ts';
import type { ContextBlockInput } from './context-block.ts';

/**
 * What the context block of a reply is made of, read for the account (and the conversation when
 * there is one: the playground has none, so no customer name): the same reads for WhatsApp and
 * the playground.
 */
export async function loadContextBlockInput(
  db: Db,
  userId: string,
  convId: string | null,
  now: Date = new Date(),
): Promise<ContextBlockInput> {
  const timeZone = await getAccountTimeZone(db, userId);
  if (!convId) return { now, timeZone, contactName: null };
  const [row] = await db
    .select({ contactName: conversations.contactName })
    .from(conversations)
    .where(and(eq(conversations.id, convId), eq(conversations.userId, userId)));
  return { now, timeZone, contactName: row?.contactName ?? null };
}
