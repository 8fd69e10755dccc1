import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { simChats, simMessages } from '../db/schema/simulator.ts';
import type { SimMessage } from './simulator-repository.ts';

/** Every query of the simulator's messages (instances and chats: simulator-repository.ts). */

export async function insertMessage(db: Db, values: typeof simMessages.$inferInsert): Promise<SimMessage> {
  const [row] = await db.insert(simMessages).values(values).returning();
  await db.update(simChats).set({ lastMessageAt: new Date() }).where(eq(simChats.id, values.chatId));
  return row!;
}

export async function findMessageByKey(db: Db, instanceId: string, keyId: string): Promise<SimMessage | null> {
  const [row] = await db
    .select()
    .from(simMessages)
    .where(and(eq(simMessages.instanceId, instanceId), eq(simMessages.keyId, keyId)))
    .limit(1);
  return row ?? null;
}

export async function findMessageById(db: Db, id: string): Promise<SimMessage | null> {
  const [row] = await db.select().from(simMessages).where(eq(simMessages.id, id)).limit(1);
  return row ?? null;
}

export async function listMessages(db: Db, chatId: string, limit = 200): Promise<SimMessage[]> {
  const rows = await db
    .select()
    .from(simMessages)
    .where(eq(simMessages.chatId, chatId))
    .orderBy(desc(simMessages.createdAt), desc(simMessages.id))
    .limit(limit);
  return rows.reverse();
}

export async function setMessageStatus(db: Db, id: string, status: string) {
  await db.update(simMessages).set({ status }).where(eq(simMessages.id, id));
}

/** Business messages of a chat not yet READ (the customer opened the chat). */
export async function unreadBusinessMessages(db: Db, chatId: string): Promise<SimMessage[]> {
  return db
    .select()
    .from(simMessages)
    .where(and(eq(simMessages.chatId, chatId), eq(simMessages.fromMe, true), sql`${simMessages.status} <> 'READ'`));
}

/** The business read the customer's messages (markMessageAsRead). */
export async function markIncomingRead(db: Db, instanceId: string, keyIds: string[]) {
  if (!keyIds.length) return;
  await db
    .update(simMessages)
    .set({ status: 'READ' })
    .where(
      and(eq(simMessages.instanceId, instanceId), eq(simMessages.fromMe, false), inArray(simMessages.keyId, keyIds)),
    );
}
