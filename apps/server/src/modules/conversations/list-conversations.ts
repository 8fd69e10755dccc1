import { LABEL_NOT_FOUND, LIMITS, type ConversationPage } from '@vendai/contracts';
import type { AssignmentFilter } from '@vendai/contracts/team';
import type { Db } from '../../db/client.ts';
import { toConversationDto } from '../../domain/conversations/conversation-dto.ts';
import { notFound } from '../../lib/app-error.ts';
import { type ConversationListFilter, isLabelOfAccount, selectConversationPage } from './conversations-repository.ts';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor.ts';

/**
 * The inbox list (docs/product/rules.md#states-and-transitions, docs/product/integrations.md, docs/product/limits.md): the user's conversations, newest message first then id,
 * 30 a page, by keyset (one row more than the page tells whether another page exists). `filter.labelId`
 * narrows it to one of the account's labels (another account's label: 404).
 */
export async function listConversations({
  db,
  accountId,
  cursor,
  filter = {},
}: {
  db: Db;
  accountId: string;
  cursor?: string;
  filter?: ConversationListFilter;
}): Promise<ConversationPage> {
  if (filter.labelId && !(await isLabelOfAccount(db, accountId, filter.labelId))) throw notFound(LABEL_NOT_FOUND);
  const after = decodeCursor(cursor);
  const size = LIMITS.conversationsPageSize;
  const rows = await selectConversationPage(db, accountId, after, size + 1, filter);
  const page = rows.slice(0, size);
  const last = page.at(-1);
  return {
    items: page.map(toConversationDto),
    nextCursor: rows.length > size && last ? encodeCursor({ at: last.lastMessageKey, id: last.id }) : null,
  };
}

/** 'Minhas' → the person's own, 'Sem responsável' → none, 'Todas' (or nothing) → every conversation. */
export function assignmentFilter(filter: AssignmentFilter | undefined, actorId: string): ConversationListFilter {
  if (filter === 'mine') return { assignedTo: actorId };
  if (filter === 'unassigned') return { assignedTo: null };
  return {};
}
