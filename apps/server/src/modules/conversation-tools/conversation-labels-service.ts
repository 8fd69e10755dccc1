import { type ConversationLabels, LABEL_NOT_FOUND } from '@vendai/contracts';
import { pgErrorCode } from '../../db/pg-error.ts';
import { notFound } from '../../lib/app-error.ts';
import type { ConversationToolsDeps } from './conversation-tools-deps.ts';
import {
  conversationExists,
  deleteConversationLabel,
  insertConversationLabel,
  labelExists,
  selectLabelIdsOf,
} from './labels-repository.ts';

export const CONVERSATION_NOT_FOUND = 'Conversa não encontrada.';

/** The labels on one conversation of the account (another account's conversation is a 404). */
export async function getConversationLabels(
  { db }: ConversationToolsDeps,
  accountId: string,
  convId: string,
): Promise<ConversationLabels> {
  if (!(await conversationExists(db, accountId, convId))) throw notFound(CONVERSATION_NOT_FOUND);
  return { convId, labelIds: (await selectLabelIdsOf(db, accountId, [convId])).get(convId) ?? [] };
}

/** The rows' chips: the labels of the listed conversations; ids that are not the account's come back empty. */
export async function labelAssignments({ db }: ConversationToolsDeps, accountId: string, convIds: string[]) {
  const ids = [...new Set(convIds)];
  const byConv = await selectLabelIdsOf(db, accountId, ids);
  return { items: ids.map((convId) => ({ convId, labelIds: byConv.get(convId) ?? [] })) };
}

/**
 * Puts one label on a conversation or takes it off. One label at a time (not the whole set), so two
 * people marking the same conversation at once both keep their change. Open inboxes get
 * `conversation-labels.updated` with the conversation's labels after the change.
 */
export async function setConversationLabel(
  deps: ConversationToolsDeps,
  accountId: string,
  convId: string,
  labelId: string,
  on: boolean,
): Promise<ConversationLabels> {
  const { db } = deps;
  if (!(await conversationExists(db, accountId, convId))) throw notFound(CONVERSATION_NOT_FOUND);
  // Another account's label is a 404 both ways, as every foreign id is (taking it off was a silent no-op).
  if (!(await labelExists(db, accountId, labelId))) throw notFound(LABEL_NOT_FOUND);
  if (on) {
    try {
      await insertConversationLabel(db, accountId, convId, labelId);
    } catch (err) {
      // The label or the conversation was deleted in between.
      if (pgErrorCode(err) === '23503') throw notFound(LABEL_NOT_FOUND);
      throw err;
    }
  } else await deleteConversationLabel(db, accountId, convId, labelId);
  const labels = { convId, labelIds: (await selectLabelIdsOf(db, accountId, [convId])).get(convId) ?? [] };
  await deps.publish(accountId, { event: 'conversation-labels.updated', data: labels });
  return labels;
}
