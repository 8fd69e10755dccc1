import type { ConversationDto, NeverAnswerInput } from '@vendai/contracts';
import { notFound } from '../../lib/app-error.ts';
import type { ConversationsDeps } from './conversations-deps.ts';
import { toConversationDto } from '../../domain/conversations/conversation-dto.ts';
import { findConversationOfAccount, updateNeverAnswer } from './conversations-repository.ts';

/**
 * The contact's 'Nunca responder' switch (decision 015). Set: the contact is stored for the account
 * (never_answer_contacts, so a new conversation with them starts with the AI off), and every
 * conversation with them goes Manual with no return time. Cleared: the AI stays off until the owner
 * switches it on. Every conversation changed reaches the open inbox tabs as conversation.updated.
 */
export async function setNeverAnswer({
  deps,
  accountId,
  id,
  input,
}: {
  deps: Pick<ConversationsDeps, 'db' | 'publish'>;
  accountId: string;
  id: string;
  input: NeverAnswerInput;
}): Promise<ConversationDto> {
  const current = await findConversationOfAccount(deps.db, accountId, id);
  if (!current) throw notFound();
  const changed = await updateNeverAnswer(deps.db, accountId, current.contactJid, input.never_answer);
  let dto: ConversationDto | null = null;
  for (const convId of changed) {
    const row = await findConversationOfAccount(deps.db, accountId, convId);
    if (!row) continue;
    const each = toConversationDto(row);
    if (convId === id) dto = each;
    await deps.publish(accountId, { event: 'conversation.updated', data: each });
  }
  if (dto) return dto;
  const row = await findConversationOfAccount(deps.db, accountId, id);
  if (!row) throw notFound();
  return toConversationDto(row);
}
