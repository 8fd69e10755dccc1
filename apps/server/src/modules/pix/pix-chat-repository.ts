import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conversations, messages, numbers } from '../../db/schema/index.ts';

// A Pix charge's messages in the conversation (post-to-chat.ts): the chat they go to and their rows.

export type MessageRow = typeof messages.$inferSelect;

/** The conversation's WhatsApp address and business number; null when it is not this account's. */
export async function selectChat(db: Db, accountId: string, convId: string) {
  const [conv] = await db
    .select({
      contactJid: conversations.contactJid,
      contactName: conversations.contactName,
      contactPhone: conversations.contactPhone,
      instanceName: numbers.instanceName,
      numberPhone: numbers.phone,
      provider: numbers.provider,
      customerLastAt: conversations.customerLastAt,
    })
    .from(conversations)
    .innerJoin(numbers, eq(numbers.id, conversations.numberId))
    .where(and(eq(conversations.id, convId), eq(conversations.userId, accountId)))
    .limit(1);
  return conv ?? null;
}

export async function selectMessage(db: Db, id: string): Promise<MessageRow | null> {
  const [stored] = await db.select().from(messages).where(eq(messages.id, id));
  return stored ?? null;
}

/** The charge's message, stored pending (under `id` when given), and the conversation's last message and preview. */
export async function insertPendingMessage(
  db: Db,
  m: {
    id?: string;
    accountId: string;
    convId: string;
    content: string;
    author: 'ai' | 'owner_app';
    image: { url: string; size: number } | null;
    preview: string;
  },
): Promise<MessageRow> {
  const [row] = await db
    .insert(messages)
    .values({
      ...(m.id ? { id: m.id } : {}),
      userId: m.accountId,
      convId: m.convId,
      direction: 'out',
      content: m.content,
      fromMe: true,
      author: m.author,
      messageType: m.image ? 'image' : 'text',
      status: 'pending',
      mediaUrl: m.image?.url ?? null,
      mediaMimetype: m.image ? 'image/png' : null,
      mediaSize: m.image?.size ?? null,
    })
    .returning();
  await db
    .update(conversations)
    .set({ lastMessage: row!.createdAt, lastMessagePreview: m.preview })
    .where(eq(conversations.id, m.convId));
  return row!;
}

/** The message sent or failed (a pending one only; its gateway id and error kept); null when it is gone. */
export async function settleMessageRow(
  db: Db,
  messageId: string,
  outcome: { status: 'sent' | 'failed'; externalId?: string | null; error?: string },
): Promise<MessageRow | null> {
  const [updated] = await db
    .update(messages)
    .set({
      status: sql`case when ${messages.status} = 'pending' then ${outcome.status} else ${messages.status} end`,
      externalId: outcome.externalId ?? null,
      ...(outcome.error ? { error: outcome.error } : {}),
    })
    .where(eq(messages.id, messageId))
    .returning();
  return updated ?? null;
}
