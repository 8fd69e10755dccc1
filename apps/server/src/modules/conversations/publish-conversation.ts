import type { ConversationDto } from '@vendai/contracts';
import { toConversationDto } from '../../domain/conversations/conversation-dto.ts';
import { notFound } from '../../lib/app-error.ts';
import type { ConversationsDeps } from './conversations-deps.ts';
import { findConversationOfAccount } from './conversations-repository.ts';

/** Reads a changed conversation back and tells the account's open inboxes (conversation.updated); 404 when it is gone. */
export async function publishConversation(
  deps: Pick<ConversationsDeps, 'db' | 'publish'>,
  accountId: string,
  id: string,
): Promise<ConversationDto> {
  const row = await findConversationOfAccount(deps.db, accountId, id);
  if (!row) throw notFound();
  const dto = toConversationDto(row);
  await deps.publish(accountId, { event: 'conversation.updated', data: dto });
  return dto;
}
