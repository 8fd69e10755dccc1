import { and, desc, eq, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conversations, numbers } from '../../db/schema/index.ts';

/** The contact behind one of the account's conversations, or null; `optedOutAt` is set while opted out. */
export async function findContact(db: Db, accountId: string, convId: string) {
  const [conv] = await db
    .select({
      name: conversations.contactName,
      phone: conversations.contactPhone,
      username: conversations.contactUsername,
      jid: conversations.contactJid,
      type: conversations.type,
      createdAt: conversations.createdAt,
      // The opt-out's time: its latest audit row (decision 048), when the conversation is opted out now.
      optedOutAt: sql<string | null>`case when ${conversations.optedOut} then coalesce(
        (select max(e.created_at) from opt_out_events e where e.conv_id = ${conversations.id} and e.action = 'opted_out'),
        ${conversations.lastMessage}) end`,
    })
    .from(conversations)
    .where(and(eq(conversations.id, convId), eq(conversations.userId, accountId)));
  return conv ?? null;
}

/** The account's other conversations with the same WhatsApp id or phone, newest first, at most `limit`. */
export async function listOtherConversations(
  db: Db,
  o: { userId: string; convId: string; jid: string; phone: string | null; limit: number },
) {
  return db
    .select({
      id: conversations.id,
      numberApelido: numbers.apelido,
      numberPhone: numbers.phone,
      lastMessage: conversations.lastMessage,
      lastMessagePreview: conversations.lastMessagePreview,
    })
    .from(conversations)
    .innerJoin(numbers, eq(numbers.id, conversations.numberId))
    .where(
      and(
        eq(conversations.userId, o.userId),
        ne(conversations.id, o.convId),
        or(eq(conversations.contactJid, o.jid), o.phone ? eq(conversations.contactPhone, o.phone) : undefined),
      ),
    )
    .orderBy(desc(conversations.lastMessage), desc(conversations.id))
    .limit(o.limit);
}
