import type { ConversationDto } from '@vendai/contracts';
import { notFound } from '../../lib/app-error.ts';
import type { ConversationsDeps } from './conversations-deps.ts';
import { toConversationDto } from '../../domain/conversations/conversation-dto.ts';
import { clearUnread, findConversationOfAccount } from './conversations-repository.ts';

/**
 * Opening a conversation clears its unread badge (docs/product/screens.md#dashboard-inbox). Other open tabs hear about
 * it through conversation.updated; an already-read conversation changes nothing and sends nothing.
 */
export async function markConversationRead({
  deps,
  accountId,
  id,
}: {
  deps: Pick<ConversationsDeps, 'db' | 'publish'>;
  accountId: string;
  id: string;
}): Promise<ConversationDto> {
  const current = await findConversationOfAccount(deps.db, accountId, id);
  if (!current) throw notFound();
  if (!(await clearUnread(deps.db, accountId, id))) return toConversationDto(current);
  const dto = toConversationDto({ ...current, unreadCount: 0 });
  await deps.publish(accountId, { event: 'conversation.updated', data: dto });
  return dto;
}
