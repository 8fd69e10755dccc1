import { LIMITS, type ConversationPage } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { toConversationDto } from '../../domain/conversations/conversation-dto.ts';
import { selectConversationPage } from './conversations-repository.ts';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor.ts';

/**
 * The inbox list (docs/product/rules.md#states-and-transitions, docs/product/integrations.md, docs/product/limits.md): the user's conversations, newest message first then id,
 * 30 a page, by keyset (one row more than the page tells whether another page exists).
 */
export async function listConversations({
  db,
  userId,
  cursor,
}: {
  db: Db;
  userId: string;
  cursor?: string;
}): Promise<ConversationPage> {
  const after = decodeCursor(cursor);
  const size = LIMITS.conversationsPageSize;
  const rows = await selectConversationPage(db, userId, after, size + 1);
  const page = rows.slice(0, size);
  const last = page.at(-1);
  return {
    items: page.map(toConversationDto),
    nextCursor: rows.length > size && last ? encodeCursor({ at: last.lastMessageKey, id: last.id }) : null,
  };
}
