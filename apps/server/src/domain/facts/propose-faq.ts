import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { knowledgeFaqs } from '../../db/schema/index.ts';
import { resultRows } from '../../db/rows.ts';
import { asksForPerson } from '../handoff/asks-for-person.ts';

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
  input: { userId: string; convId: string; answer: string; answeredAt: Date },
): Promise<string | null> {
  const rows = resultRows<{ content: string | null; handoff_reason: string | null; waiting: boolean }>(
    await db.execute(sql`
      select m.content, c.handoff_reason,
        exists (select 1 from knowledge_faqs f where f.conversation_id = c.id and f.status = 'proposed') as waiting
      from conversations c
      left join lateral (
        select content from messages
        where conv_id = c.id and direction = 'in' and content is not null and created_at < ${input.answeredAt}
        order by created_at desc limit ${QUESTION_MESSAGES}
      ) m on true
      where c.id = ${input.convId} and c.user_id = ${input.userId}`),
  );
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
  const [row] = await db
    .insert(knowledgeFaqs)
    .values({
      userId: input.userId,
      question,
      answer,
      status: 'proposed',
      conversationId: input.convId,
      searchText: `${question}\n${answer}`,
    })
    .returning({ id: knowledgeFaqs.id });
  return row!.id;
}
