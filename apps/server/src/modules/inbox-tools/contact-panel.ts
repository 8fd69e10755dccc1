import { CONTACT_OTHERS_MAX, type ContactPanel } from '@vendai/contracts';
import { and, desc, eq, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conversations, numbers } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { CONVERSATION_NOT_FOUND } from './conversation-labels-service.ts';

/**
 * The contact panel's read (docs/decisions/043-labels-notes-funnel.md): who the customer is and their
 * other conversations with the account — the same phone (or WhatsApp id) on any of its numbers, newest
 * first. A group has no other conversations. The labels and notes come from their own routes.
 */
export async function getContactPanel(db: Db, userId: string, convId: string): Promise<ContactPanel> {
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
    .where(and(eq(conversations.id, convId), eq(conversations.userId, userId)));
  if (!conv) throw notFound(CONVERSATION_NOT_FOUND);
  const isGroup = conv.type === 'group';
  const others = isGroup
    ? []
    : await db
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
            eq(conversations.userId, userId),
            ne(conversations.id, convId),
            or(
              eq(conversations.contactJid, conv.jid),
              conv.phone ? eq(conversations.contactPhone, conv.phone) : undefined,
            ),
          ),
        )
        .orderBy(desc(conversations.lastMessage), desc(conversations.id))
        .limit(CONTACT_OTHERS_MAX);
  return {
    convId,
    name: conv.name,
    phone: conv.phone,
    username: conv.username,
    isGroup,
    firstContactAt: conv.createdAt.toISOString(),
    optedOutAt: conv.optedOutAt === null ? null : new Date(conv.optedOutAt).toISOString(),
    others: others.map((o) => ({ ...o, lastMessage: o.lastMessage.toISOString() })),
  };
}
