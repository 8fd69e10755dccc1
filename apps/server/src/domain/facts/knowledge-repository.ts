import { and, eq, isNull, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { knowledgeFaqs, knowledgePassages } from '../../db/schema/index.ts';

/** The knowledge base's rows as its facts and embeddings read them (knowledge-facts.ts, knowledge-embeddings.ts). */

/** A FAQ entry or a passage to embed: which table, its id and the text embedded. */
export interface EmbeddingTarget {
  table: 'faq' | 'passage';
  id: string;
  text: string;
}

/**
 * The account's active FAQ entries and its passages without a vector of `model` (none, no model, or
 * another's): at most `limit` of each.
 */
export async function findStaleEmbeddings(
  db: Db,
  accountId: string,
  model: string,
  limit: number,
): Promise<{ faqs: EmbeddingTarget[]; passages: EmbeddingTarget[] }> {
  const stale = <T extends typeof knowledgeFaqs | typeof knowledgePassages>(t: T) =>
    or(isNull(t.embedding), isNull(t.embeddingModel), ne(t.embeddingModel, model));
  const [faqs, passages] = await Promise.all([
    db
      .select({ id: knowledgeFaqs.id, text: knowledgeFaqs.searchText })
      .from(knowledgeFaqs)
      .where(and(eq(knowledgeFaqs.userId, accountId), eq(knowledgeFaqs.status, 'active'), stale(knowledgeFaqs)))
      .limit(limit),
    db
      .select({ id: knowledgePassages.id, text: knowledgePassages.searchText })
      .from(knowledgePassages)
      .where(and(eq(knowledgePassages.userId, accountId), stale(knowledgePassages)))
      .limit(limit),
  ]);
  return {
    faqs: faqs.map((r) => ({ ...r, table: 'faq' as const })),
    passages: passages.map((r) => ({ ...r, table: 'passage' as const })),
  };
}

/** Stores one row's vector and the model that made it (the account's row only). */
export async function setEmbedding(
  db: Db,
  accountId: string,
  target: Pick<EmbeddingTarget, 'table' | 'id'>,
  vector: number[],
  model: string,
): Promise<void> {
  const table = target.table === 'faq' ? knowledgeFaqs : knowledgePassages;
  await db
    .update(table)
    .set({ embedding: vector, embeddingModel: model })
    .where(and(eq(table.id, target.id), eq(table.userId, accountId)));
}

/** The texts the owner wrote in the knowledge base: the active FAQ answers, then every passage. */
export async function findKnowledgeTexts(db: Db, accountId: string): Promise<string[]> {
  const [answers, passages] = await Promise.all([
    db
      .select({ text: knowledgeFaqs.answer })
      .from(knowledgeFaqs)
      .where(and(eq(knowledgeFaqs.userId, accountId), eq(knowledgeFaqs.status, 'active'))),
    db.select({ text: knowledgePassages.text }).from(knowledgePassages).where(eq(knowledgePassages.userId, accountId)),
  ]);
  return [...answers, ...passages].map((r) => r.text);
}
