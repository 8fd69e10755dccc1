import type { Db } from '../../db/client.ts';
import { asksForPerson } from '../handoff/asks-for-person.ts';
import { insertProposedFaq, selectHandoffQuestion } from './faq-proposals-repository.ts';

/** Customer messages read back for the question (the ones just before the handoff). */
const QUESTION_MESSAGES = 5;

/**
 * Learning from handoffs (docs/decisions/025-catalogue-and-price-guard.md, section Conhecimento): the
 * owner answered, from the inbox, a conversation the AI handed over. The customer's question (their
 * latest text messages before the owner's answer, leaving out a bare 'quero falar com um atendente')
 * and the owner's answer become a **proposed** FAQ entry the owner accepts, edits or dismisses. Once
 * per conversation's handoff: a second owner message while a proposal of the conversation waits
 * adds nothing. Returns the proposal's id, or null when there is nothing to learn.
 */
export async function proposeFaqFromHandoff(
  db: Db,
  input: { accountId: string; convId: string; answer: string; answeredAt: Date },
): Promise<string | null> {
  const rows = await selectHandoffQuestion(db, { ...input, limit: QUESTION_MESSAGES });
  const first = rows[0];
  if (!first?.handoff_reason || first.waiting) return null;
  const question = rows
    .map((r) => r.content?.trim() ?? '')
    .filter((text) => text && !asksForPerson(text))
    .slice(0, 2)
    .reverse()
    .join(' ')
    .slice(0, 500);
  const answer = input.answer.trim().slice(0, 4000);
  if (!question || !answer) return null;
  return insertProposedFaq(db, { userId: input.accountId, convId: input.convId, question, answer });
}
