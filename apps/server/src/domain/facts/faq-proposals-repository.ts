import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { knowledgeFaqs } from '../../db/schema/index.ts';
import { resultRows } from '../../db/rows.ts';

/** One of the customer's latest text messages before the owner's answer, with the conversation's handoff state. */
export interface HandoffQuestionRow {
  content: string | null;
  handoff_reason: string | null;
  /** A proposal of this conversation already waits for the owner. */
  waiting: boolean;
}

/** The customer's `limit` latest texts before `answeredAt`, newest first (one row with null content when none). */
export async function selectHandoffQuestion(
  db: Db,
  input: { accountId: string; convId: string; answeredAt: Date; limit: number },
): Promise<HandoffQuestionRow[]> {
  return resultRows<HandoffQuestionRow>(
    await db.execute(sql`
      select m.content, c.handoff_reason,
        exists (select 1 from knowledge_faqs f where f.conversation_id = c.id and f.status = 'proposed') as waiting
      from conversations c
      left join lateral (
        select content from messages
        where conv_id = c.id and direction = 'in' and content is not null and created_at < ${input.answeredAt}
        order by created_at desc limit ${input.limit}
      ) m on true
      where c.id = ${input.convId} and c.user_id = ${input.accountId}`),
  );
}

/** A proposed FAQ entry from a conversation; returns its id. */
export async function insertProposedFaq(
  db: Db,
  entry: { userId: string; convId: string; question: string; answer: string },
): Promise<string> {
  const [row] = await db
    .insert(knowledgeFaqs)
    .values({
      userId: entry.userId,
      question: entry.question,
      answer: entry.answer,
      status: 'proposed',
      conversationId: entry.convId,
      searchText: `${entry.question}\n${entry.answer}`,
    })
    .returning({ id: knowledgeFaqs.id });
  return row!.id;
}
