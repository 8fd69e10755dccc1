import type { ConversationDto } from '@vendai/contracts';
import { liftOptOut } from '../../domain/opt-out/opt-out-repository.ts';
import { notFound } from '../../lib/app-error.ts';
import type { ConversationsDeps } from './conversations-deps.ts';
import { findConversationOfAccount } from './conversations-repository.ts';
import { publishConversation } from './publish-conversation.ts';

/**
 * 'Desfazer' on a customer's opt-out (docs/decisions/048-opt-out-and-owner-channel.md): the owner lifts
 * it at the customer's request, audited with who did it. Automatic sends may go again; the AI switch
 * stays as it is. Another account's conversation is 404; one that has not opted out is answered as is.
 */
export async function liftConversationOptOut({
  deps,
  accountId,
  actorId,
  id,
}: {
  deps: Pick<ConversationsDeps, 'db' | 'publish'>;
  accountId: string;
  actorId: string;
  id: string;
}): Promise<ConversationDto> {
  const current = await findConversationOfAccount(deps.db, accountId, id);
  if (!current) throw notFound();
  await liftOptOut(deps.db, { userId: accountId, convId: id, actorUserId: actorId });
  return publishConversation(deps, accountId, id);
}
