import { LIMITS, type MessagePage } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { toMessageDto } from '../../domain/conversations/conversation-dto.ts';
import { findConversationOfUser, selectMessagePage } from './conversations-repository.ts';
import { decodeCursor, encodeCursor } from './keyset-cursor.ts';

/**
 * A chat page (part 2 §4, §9): the latest 30 messages, then older pages with
 * (created_at, id) before the oldest one loaded. Items come oldest first, ready to render.
 */
export async function listMessages({
  db,
  userId,
  convId,
  cursor,
}: {
  db: Db;
  userId: string;
  convId: string;
  cursor?: string;
}): Promise<MessagePage> {
  const before = decodeCursor(cursor);
  if (!(await findConversationOfUser(db, userId, convId))) throw notFound();
  const size = LIMITS.messagesPageSize;
  const rows = await selectMessagePage(db, userId, convId, before, size + 1);
  const page = rows.slice(0, size);
  const oldest = page.at(-1);
  return {
    items: page.map(toMessageDto).reverse(),
    nextCursor: rows.length > size && oldest ? encodeCursor({ at: oldest.createdAtKey, id: oldest.id }) : null,
  };
}
