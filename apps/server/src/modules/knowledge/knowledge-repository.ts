import type { FaqInput } from '@vendai/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { knowledgeFaqs } from '../../db/schema/index.ts';
import { type FaqRow, searchKnowledge } from '../../domain/facts/faq-search-repository.ts';

/** The knowledge base's rows, always of the signed-in user (another user's id reads as absent). */

const searchTextOf = (input: FaqInput) => `${input.question}\n${input.answer}`;

export async function listFaqs(db: Db, accountId: string, status: FaqRow['status'], q?: string): Promise<FaqRow[]> {
  if (q && status === 'active') return searchKnowledge(db, accountId, q.split(/\s+/), { limit: 200 });
  return db
    .select()
    .from(knowledgeFaqs)
    .where(and(eq(knowledgeFaqs.userId, accountId), eq(knowledgeFaqs.status, status)))
    .orderBy(desc(knowledgeFaqs.updatedAt))
    .limit(1000);
}

export async function insertFaq(
  db: Db,
  accountId: string,
  input: FaqInput,
  extra: { status?: FaqRow['status']; conversationId?: string } = {},
): Promise<FaqRow> {
  const [row] = await db
    .insert(knowledgeFaqs)
    .values({ userId: accountId, ...input, ...extra, searchText: searchTextOf(input) })
    .returning();
  return row!;
}

export async function updateFaqRow(
  db: Db,
  accountId: string,
  id: string,
  input: FaqInput,
  status: FaqRow['status'] = 'active',
): Promise<FaqRow | null> {
  const [row] = await db
    .update(knowledgeFaqs)
    .set({
      ...input,
      status,
      searchText: searchTextOf(input),
      embedding: null,
      embeddingModel: null,
      updatedAt: new Date(),
    })
    .where(and(eq(knowledgeFaqs.id, id), eq(knowledgeFaqs.userId, accountId)))
    .returning();
  return row ?? null;
}

export async function deleteFaqRow(db: Db, accountId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(knowledgeFaqs)
    .where(and(eq(knowledgeFaqs.id, id), eq(knowledgeFaqs.userId, accountId)))
    .returning({ id: knowledgeFaqs.id });
  return rows.length > 0;
}
