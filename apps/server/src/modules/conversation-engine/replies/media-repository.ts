import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { conversations, messages, numbers } from '../../../db/schema/index.ts';
import type { MessageRecord } from '../engine-repository.ts';

// The messages whose media the AI or the owner wants understood (understand-reply-media.ts,
// request-insight.ts), and where to fetch a received message's media from.

/** The conversation's number instance and contact (a received message's media is fetched through them). */
export function selectMediaChat(db: Db, m: { convId: string }) {
  return db
    .select({ instanceName: numbers.instanceName, contactJid: conversations.contactJid })
    .from(conversations)
    .innerJoin(numbers, eq(numbers.id, conversations.numberId))
    .where(eq(conversations.id, m.convId));
}

/** These messages of the conversation. */
export function selectConversationMessages(db: Db, convId: string, wanted: string[]): Promise<MessageRecord[]> {
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.convId, convId), inArray(messages.id, wanted)));
}

/** The owner's message in the conversation (none: not this owner's). */
export function selectOwnMessage(
  db: Db,
  input: { accountId: string; convId: string; messageId: string },
): Promise<MessageRecord[]> {
  return db
    .select()
    .from(messages)
    .where(
      and(eq(messages.id, input.messageId), eq(messages.convId, input.convId), eq(messages.userId, input.accountId)),
    );
}
