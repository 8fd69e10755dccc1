import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { knowledgeFaqs } from '../../db/schema/index.ts';
import { resultRows } from '../../db/rows.ts';
import { toVector } from './knowledge-embeddings.ts';
import { searchWords } from './search-words.ts';

export type FaqRow = typeof knowledgeFaqs.$inferSelect;

/** How close a customer's word must be to a word of a FAQ question to count as a typo of it (pg_trgm). */
const QUESTION_SIMILARITY = 0.5;

/**
 * The account's active FAQ entries matching the words, best first (docs/decisions/025-catalogue-and-price-guard.md,
 * section Conhecimento): Portuguese full-text search over question and answer (`vendai_pt`: accents
 * ignored, plural and singular alike) or a question one of the words (≥ 4 letters) is a typo of
 * (`word_similarity` over the unaccented question). Only the account's own rows.
 */
export async function searchKnowledge(
  db: Db,
  accountId: string,
  words: readonly string[],
  options: { limit: number },
): Promise<FaqRow[]> {
  const search = searchWords(words);
  if (!search) return [];
  const result = await db.execute(sql`
    with q as (select websearch_to_tsquery('vendai_pt', ${search.query}) as query),
    scored as (
      select f.*,
        to_tsvector('vendai_pt', f.search_text) @@ q.query as matched,
        ts_rank(to_tsvector('vendai_pt', f.search_text), q.query) as rank,
        coalesce((select max(word_similarity(w, lower(vendai_unaccent(f.question))))
          from jsonb_array_elements_text(${search.typos}::jsonb) w), 0) as sim
      from knowledge_faqs f, q
      where f.user_id = ${accountId} and f.status = 'active'
    )
    select * from scored where matched or sim >= ${QUESTION_SIMILARITY}
    order by (case when matched then 1 else 0 end) + rank + sim desc, created_at
    limit ${options.limit}`);
  return resultRows<Record<string, unknown>>(result).map(toFaqRow);
}

/** The account's most recently saved active entries that have a vector (embedding ranking reads them). */
export async function recentEmbeddedFaqs(db: Db, accountId: string, limit: number): Promise<FaqRow[]> {
  const rows = await db
    .select()
    .from(knowledgeFaqs)
    .where(
      and(eq(knowledgeFaqs.userId, accountId), eq(knowledgeFaqs.status, 'active'), isNotNull(knowledgeFaqs.embedding)),
    )
    .orderBy(desc(knowledgeFaqs.updatedAt))
    .limit(limit);
  return rows.map((r) => ({ ...r, embedding: toVector(r.embedding) }));
}

function toFaqRow(r: Record<string, unknown>): FaqRow {
  const date = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
  return {
    id: String(r.id),
    userId: String(r.user_id),
    question: String(r.question),
    answer: String(r.answer),
    status: r.status as FaqRow['status'],
    conversationId: (r.conversation_id as string | null) ?? null,
    searchText: String(r.search_text ?? ''),
    embedding: toVector(r.embedding),
    embeddingModel: (r.embedding_model as string | null) ?? null,
    createdAt: date(r.created_at),
    updatedAt: date(r.updated_at),
  };
}
