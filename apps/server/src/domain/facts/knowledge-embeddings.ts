import { and, eq, isNull, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { knowledgeFaqs, knowledgePassages } from '../../db/schema/index.ts';
import type { Embeddings } from '../../integrations/llm/llm.ts';

/**
 * Embeddings of the knowledge base (docs/decisions/025-catalogue-and-price-guard.md, section Conhecimento),
 * only when an embeddings model is configured (AI_EMBEDDINGS_MODEL): the AI port's `embeddings`, which the
 * reply path (the engine's and the playground's) hands to the fact providers.
 */

/** Cosine similarity of two vectors (0 when their lengths differ or one is empty). Pure. */
export function cosine(a: readonly number[], b: readonly number[]): number {
  if (a.length === 0 || a.length !== b.length) return 0;
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/** A stored vector as the driver answers it (an array, or PostgreSQL's '{…}' text). */
export function toVector(value: unknown): number[] | null {
  if (Array.isArray(value)) return value.map(Number);
  if (typeof value === 'string' && value.startsWith('{'))
    return value === '{}' ? [] : value.slice(1, -1).split(',').map(Number);
  return null;
}

/** Texts embedded per call, and rows filled per write (the rest on the next write). */
const BATCH = 64;
const PER_FILL = 512;

/**
 * Embeds the account's active FAQ entries and passages that have no vector of the configured model yet
 * (new, edited, renamed, or made by another model), in batches. Returns how many rows were filled.
 */
export async function fillKnowledgeEmbeddings(db: Db, embeddings: Embeddings, userId: string): Promise<number> {
  const stale = <T extends typeof knowledgeFaqs | typeof knowledgePassages>(t: T) =>
    or(isNull(t.embedding), isNull(t.embeddingModel), ne(t.embeddingModel, embeddings.model));
  const [faqs, passages] = await Promise.all([
    db
      .select({ id: knowledgeFaqs.id, text: knowledgeFaqs.searchText })
      .from(knowledgeFaqs)
      .where(and(eq(knowledgeFaqs.userId, userId), eq(knowledgeFaqs.status, 'active'), stale(knowledgeFaqs)))
      .limit(PER_FILL),
    db
      .select({ id: knowledgePassages.id, text: knowledgePassages.searchText })
      .from(knowledgePassages)
      .where(and(eq(knowledgePassages.userId, userId), stale(knowledgePassages)))
      .limit(PER_FILL),
  ]);
  const rows = [
    ...faqs.map((r) => ({ ...r, table: knowledgeFaqs })),
    ...passages.map((r) => ({ ...r, table: knowledgePassages })),
  ].slice(0, PER_FILL);
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH);
    const vectors = await embeddings.embed(batch.map((r) => r.text));
    for (const [n, row] of batch.entries())
      await db
        .update(row.table)
        .set({ embedding: vectors[n]!, embeddingModel: embeddings.model })
        .where(and(eq(row.table.id, row.id), eq(row.table.userId, userId)));
  }
  return rows.length;
}
