import type { Db } from '../../../db/client.ts';
import { type ConversationRecord, findConversationByChat } from '../engine-repository.ts';
import type { MappedChat } from '../../../integrations/gateway/map-gateway-message.ts';
import { type AiAudience, aiStartsOn } from '../../../domain/conversation-rules/whom-ai-answers.ts';
import { insertConversation, isNeverAnswer, updateConversationContact } from './ingestion-repository.ts';

/**
 * Finds or creates the conversation for a chat. A conversation first seen under its @lid, or under Meta's
 * BSUID alone (docs/decisions/062-bsuid-contacts.md), adopts the phone JID once it is revealed (both are kept). Returns whether it was created now.
 */
export async function upsertConversation(
  db: Db,
  input: {
    accountId: string;
    numberId: string;
    chat: MappedChat;
    contactName: string | null;
    at: Date;
    /** Whom the number's AI answers (decision 015); absent: everyone. */
    audience?: AiAudience;
  },
): Promise<{ conversation: ConversationRecord; created: boolean }> {
  const { chat } = input;
  const existing = await findConversationByChat(db, input.numberId, chat);
  if (existing) {
    const learnsPhone = existing.contactJid !== chat.jid && chat.phone !== null;
    const learnsLid = chat.lid !== null && existing.contactLid === null;
    const learnsUserId = Boolean(chat.userId) && existing.contactUserId !== chat.userId;
    const learnsUsername = Boolean(chat.username) && existing.contactUsername !== chat.username;
    if (!learnsPhone && !learnsLid && !learnsUserId && !learnsUsername)
      return { conversation: existing, created: false };
    const [updated] = await updateConversationContact(db, existing.id, {
      ...(learnsPhone ? { contactJid: chat.jid, contactPhone: chat.phone } : {}),
      ...(learnsLid ? { contactLid: chat.lid } : {}),
      ...(learnsUserId ? { contactUserId: chat.userId } : {}),
      ...(learnsUsername ? { contactUsername: chat.username } : {}),
    });
    return { conversation: updated ?? existing, created: false };
  }
  // Whom the AI answers (decision 015): domain/conversation-rules/whom-ai-answers.ts.
  const neverAnswer = await isNeverAnswer(db, input.accountId, chat.jid);
  const [inserted] = await insertConversation(db, {
    userId: input.accountId,
    numberId: input.numberId,
    contactJid: chat.jid,
    contactLid: chat.lid,
    contactUserId: chat.userId ?? null,
    contactUsername: chat.username ?? null,
    contactPhone: chat.phone,
    contactName: input.contactName,
    type: chat.isGroup ? 'group' : 'chat',
    agenteAtivo: aiStartsOn({
      isGroup: chat.isGroup,
      neverAnswer,
      firstMessageAt: input.at,
      audience: input.audience,
    }),
    neverAnswer,
    lastMessage: input.at,
    unreadCount: 0,
  });
  if (inserted) return { conversation: inserted, created: true };
  // Created by a concurrent event a moment ago.
  const raced = await findConversationByChat(db, input.numberId, chat);
  if (!raced) throw new Error('conversation vanished after conflict');
  return { conversation: raced, created: false };
}
