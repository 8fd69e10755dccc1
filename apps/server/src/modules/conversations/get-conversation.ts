import type { ConversationDto } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { toConversationDto } from '../../domain/conversations/conversation-dto.ts';
import { findConversationOfAccount } from './conversations-repository.ts';

/** One of the user's conversations; another user's id is a 404 like an unknown one. */
export async function getConversation({
  db,
  accountId,
  id,
}: {
  db: Db;
  accountId: string;
  id: string;
}): Promise<ConversationDto> {
  const row = await findConversationOfAccount(db, accountId, id);
  if (!row) throw notFound();
  return toConversationDto(row);
}
