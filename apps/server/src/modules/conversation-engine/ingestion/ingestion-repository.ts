import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { conversations, gatewayEvents, messages, neverAnswerContacts, numbers } from '../../../db/schema/index.ts';
import type { MappedChat } from '../../../integrations/gateway/map-gateway-message.ts';
import type { ConversationRecord, MessageRecord } from '../engine-repository.ts';

// The ingestion's own statements (ingest-gateway-event.ts, ingest-batch.ts, upsert-conversation.ts,
// stored-events.ts, apply-contact-names.ts); the engine's shared ones are in ../engine-repository.ts.
// `db` may be a transaction.

/** Stored gateway events not yet processed, of the `events` the engine consumes, in arrival order. */
export function selectStoredEvents(
  db: Db,
  which: { ids: string[] } | { olderThanSeconds: number; limit: number },
  ENGINE_EVENTS: string[],
) {
  return db
    .select({
      id: gatewayEvents.id,
      event: gatewayEvents.event,
      payload: gatewayEvents.payload,
      receivedAt: gatewayEvents.receivedAt,
      numberId: numbers.id,
      userId: numbers.userId,
      instanceName: numbers.instanceName,
    })
    .from(gatewayEvents)
    .innerJoin(numbers, eq(numbers.id, gatewayEvents.numberId))
    .where(
      and(
        isNull(gatewayEvents.processedAt),
        inArray(gatewayEvents.event, ENGINE_EVENTS),
        'ids' in which
          ? inArray(gatewayEvents.id, which.ids)
          : sql`${gatewayEvents.receivedAt} < now() - make_interval(secs => ${which.olderThanSeconds})`,
      ),
    )
    .orderBy(gatewayEvents.receivedAt)
    .limit('ids' in which ? which.ids.length : which.limit);
}

/** The contact's name on this number's conversations with the chat that have none; their ids. */
export function nameUnnamedConversations(
  db: Db,
  numberId: string,
  chat: MappedChat,
  jid: string,
  name: string,
): Promise<{ id: string }[]> {
  return db
    .update(conversations)
    .set({ contactName: name })
    .where(
      and(
        eq(conversations.numberId, numberId),
        or(eq(conversations.contactJid, chat.jid), eq(conversations.contactLid, jid)),
        or(isNull(conversations.contactName), sql`${conversations.contactName} = ''`),
      ),
    )
    .returning({ id: conversations.id });
}

/** Whether the owner put this contact on the never-answer list. */
export async function isNeverAnswer(db: Db, accountId: string, jid: string): Promise<boolean> {
  const [row] = await db
    .select({ jid: neverAnswerContacts.contactJid })
    .from(neverAnswerContacts)
    .where(and(eq(neverAnswerContacts.userId, accountId), eq(neverAnswerContacts.contactJid, jid)))
    .limit(1);
  return row !== undefined;
}

/** What a known conversation learns of its contact (the phone JID, the @lid, Meta's BSUID and username). */
export function updateConversationContact(
  db: Db,
  convId: string,
  learned: Partial<
    Pick<ConversationRecord, 'contactJid' | 'contactPhone' | 'contactLid' | 'contactUserId' | 'contactUsername'>
  >,
): Promise<ConversationRecord[]> {
  return db.update(conversations).set(learned).where(eq(conversations.id, convId)).returning();
}

/** A new conversation, unless a concurrent event created the chat's a moment ago (then none). */
export function insertConversation(db: Db, values: typeof conversations.$inferInsert): Promise<ConversationRecord[]> {
  return db
    .insert(conversations)
    .values(values)
    .onConflictDoNothing({ target: [conversations.numberId, conversations.contactJid] })
    .returning();
}

/** Our outgoing row takes the echo's gateway id (once); a row failed meanwhile becomes sent. */
export function linkEchoRow(
  tx: Db,
  inflight: Pick<MessageRecord, 'id' | 'status'>,
  externalId: string,
): Promise<MessageRecord[]> {
  return tx
    .update(messages)
    .set({
      externalId,
      ...(inflight.status === 'failed' ? { status: 'sent' as const, error: null } : {}),
    })
    .where(and(eq(messages.id, inflight.id), isNull(messages.externalId)))
    .returning();
}

/** The AI off for good in a chat the owner started (no quiet time). */
export function switchAiOffForOwnersChat(tx: Db, convId: string): Promise<ConversationRecord[]> {
  return tx
    .update(conversations)
    .set({ agenteAtivo: false, aiResumesAt: null })
    .where(eq(conversations.id, convId))
    .returning();
}

/** `n` messages counted as unread by mistake (duplicates) taken back. */
export function takeBackUnread(db: Db, convId: string, n: number) {
  return db.execute(sql`update conversations set unread_count = greatest(0, unread_count - ${n}) where id = ${convId}`);
}
