import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';
import { toVector } from './knowledge-embeddings.ts';
import { searchWords } from './search-words.ts';

/** A document's passage as retrieval reads it, with its document's title (the source the AI is shown). */
export interface PassageHit {
  id: string;
  documentId: string;
  title: string;
  position: number;
  text: string;
  /** The stored embedding (only when an embeddings model filled it) and its model. */
  embedding: number[] | null;
  embeddingModel: string | null;
}

/** How close a customer's word must be to a word of a passage (or its title) to count as a typo of it (pg_trgm). */
const PASSAGE_SIMILARITY = 0.55;

const PASSAGE_COLUMNS = sql`p.id, p.document_id, d.title, p.position, p.text, p.embedding, p.embedding_model`;

/**
 * The account's document passages matching the words, best first (docs/decisions/025-catalogue-and-price-guard.md,
 * section Conhecimento): the FAQ's search — Portuguese full text over the document's title and the passage
 * (`vendai_pt`: accents ignored, plural and singular alike) or a word (≥ 4 letters) that is a typo of one
 * of theirs (`word_similarity` over the unaccented text). Only the account's own rows.
 */
export async function searchPassages(
  db: Db,
  accountId: string,
  words: readonly string[],
  options: { limit: number },
): Promise<PassageHit[]> {
  const search = searchWords(words);
  if (!search) return [];
  const result = await db.execute(sql`
    with q as (select websearch_to_tsquery('vendai_pt', ${search.query}) as query),
    scored as (
      select ${PASSAGE_COLUMNS},
        to_tsvector('vendai_pt', p.search_text) @@ q.query as matched,
        ts_rank(to_tsvector('vendai_pt', p.search_text), q.query) as rank,
        coalesce((select max(word_similarity(w, lower(vendai_unaccent(p.search_text))))
          from jsonb_array_elements_text(${search.typos}::jsonb) w), 0) as sim
      from knowledge_passages p join knowledge_documents d on d.id = p.document_id, q
      where p.user_id = ${accountId}
    )
    select * from scored where matched or sim >= ${PASSAGE_SIMILARITY}
    order by (case when matched then 1 else 0 end) + rank + sim desc, document_id, position
    limit ${options.limit}`);
  return resultRows<Record<string, unknown>>(result).map(toPassageHit);
}

/** The account's most recent passages (embedding ranking looks at them besides the full-text matches). */
export async function recentPassages(db: Db, accountId: string, limit: number): Promise<PassageHit[]> {
  const result = await db.execute(sql`
    select ${PASSAGE_COLUMNS}
    from knowledge_passages p join knowledge_documents d on d.id = p.document_id
    where p.user_id = ${accountId} and p.embedding is not null
    order by p.created_at desc, p.position
    limit ${limit}`);
  return resultRows<Record<string, unknown>>(result).map(toPassageHit);
}

function toPassageHit(r: Record<string, unknown>): PassageHit {
  return {
    id: String(r.id),
    documentId: String(r.document_id),
    title: String(r.title),
    position: Number(r.position),
    text: String(r.text),
    embedding: toVector(r.embedding),
    embeddingModel: (r.embedding_model as string | null) ?? null,
  };
}
