import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { conversations, messages, numbers, templateMessages } from '../../../db/schema/index.ts';
import type { MessageRecord, NewMessage } from '../engine-repository.ts';

// The owner's sends from the inbox (send-manual-message.ts, send-template-message.ts) and the window
// (conversation-window.ts): the conversation as each needs it, the message stored, read, sent or failed.

/** The conversation's window as the service-window rules read it, if it is this owner's. */
export function selectConversationWindow(db: Db, accountId: string, convId: string) {
  return db
    .select({
      provider: numbers.provider,
      customerLastAt: conversations.customerLastAt,
      windowClosedThrough: conversations.windowClosedThrough,
      metaAgentThrough: conversations.metaAgentThrough,
    })
    .from(conversations)
    .innerJoin(numbers, eq(numbers.id, conversations.numberId))
    .where(and(eq(conversations.id, convId), eq(conversations.userId, accountId)))
    .limit(1);
}

/** The conversation with what a manual send needs (its number's instance, its window), if it is this owner's. */
export function selectOwnConversation(db: Db, accountId: string, convId: string) {
  return db
    .select({
      id: conversations.id,
      contactJid: conversations.contactJid,
      agenteAtivo: conversations.agenteAtivo,
      instanceName: numbers.instanceName,
      provider: numbers.provider,
      customerLastAt: conversations.customerLastAt,
      windowClosedThrough: conversations.windowClosedThrough,
    })
    .from(conversations)
    .innerJoin(numbers, eq(numbers.id, conversations.numberId))
    .where(and(eq(conversations.id, convId), eq(conversations.userId, accountId)))
    .limit(1);
}

/** The conversation with its number's Cloud ids and sealed token, if it is this owner's. */
export function selectCloudConversation(db: Db, accountId: string, convId: string) {
  return db
    .select({
      id: conversations.id,
      contactJid: conversations.contactJid,
      agenteAtivo: conversations.agenteAtivo,
      provider: numbers.provider,
      phoneNumberId: numbers.cloudPhoneNumberId,
      wabaId: numbers.cloudWabaId,
      sealed: numbers.cloudTokenSealed,
    })
    .from(conversations)
    .innerJoin(numbers, eq(numbers.id, conversations.numberId))
    .where(and(eq(conversations.id, convId), eq(conversations.userId, accountId)))
    .limit(1);
}

/** Stores the owner's outgoing message (`tx` is the send's transaction). */
export function insertManualMessage(tx: Db, values: NewMessage): Promise<MessageRecord[]> {
  return tx.insert(messages).values(values).returning();
}

/** Reading the chat: nothing unread any more. */
export function markConversationRead(tx: Db, convId: string) {
  return tx.update(conversations).set({ unreadCount: 0 }).where(eq(conversations.id, convId));
}

/** The template a stored message is (Resultados counts it by category). */
export function insertTemplateMessage(tx: Db, values: typeof templateMessages.$inferInsert) {
  return tx.insert(templateMessages).values(values);
}

/**
 * The message sent (with the gateway's id; an echo stored meanwhile under that id is dropped) or failed,
 * in one transaction: `patch` is its new status (and id or error).
 */
export function recordMessageOutcome(
  db: Db,
  convId: string,
  message: MessageRecord,
  externalId: string | null,
  patch: Partial<NewMessage>,
): Promise<MessageRecord> {
  return db.transaction(async (tx) => {
    if (externalId) {
      await tx
        .delete(messages)
        .where(
          and(eq(messages.convId, convId), eq(messages.externalId, externalId), sql`${messages.id} <> ${message.id}`),
        );
    }
    const [row] = await tx.update(messages).set(patch).where(eq(messages.id, message.id)).returning();
    return row!;
  });
}
