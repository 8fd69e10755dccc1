import { CONTACT_OTHERS_MAX, type ContactPanel } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { CONVERSATION_NOT_FOUND } from './conversation-labels-service.ts';
import { findContact, listOtherConversations } from './contact-repository.ts';
import { listConversationSources } from '../../domain/ad-attribution/sources-repository.ts';
import { sourceDto } from '../../domain/ad-attribution/source-dto.ts';

/**
 * The contact panel's read (docs/decisions/043-labels-notes-funnel.md): who the customer is and their
 * other conversations with the account — the same phone (or WhatsApp id) on any of its numbers, newest
 * first. A group has no other conversations. The labels and notes come from their own routes.
 */
export async function getContactPanel(db: Db, accountId: string, convId: string): Promise<ContactPanel> {
  const conv = await findContact(db, accountId, convId);
  if (!conv) throw notFound(CONVERSATION_NOT_FOUND);
  const isGroup = conv.type === 'group';
  const others = isGroup
    ? []
    : await listOtherConversations(db, {
        userId: accountId,
        convId,
        jid: conv.jid,
        phone: conv.phone,
        limit: CONTACT_OTHERS_MAX,
      });
  const sources = await listConversationSources(db, accountId, convId);
  return {
    convId,
    name: conv.name,
    phone: conv.phone,
    username: conv.username,
    isGroup,
    firstContactAt: conv.createdAt.toISOString(),
    optedOutAt: conv.optedOutAt === null ? null : new Date(conv.optedOutAt).toISOString(),
    others: others.map((o) => ({ ...o, lastMessage: o.lastMessage.toISOString() })),
    sources: sources.map(sourceDto),
  };
}
