import type { Db } from '../../db/client.ts';
import type { Embeddings } from '../../integrations/llm/llm.ts';
import { findStaleEmbeddings, setEmbedding } from './knowledge-repository.ts';

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
export async function fillKnowledgeEmbeddings(db: Db, embeddings: Embeddings, accountId: string): Promise<number> {
  const { faqs, passages } = await findStaleEmbeddings(db, accountId, embeddings.model, PER_FILL);
  const rows = [...faqs, ...passages].slice(0, PER_FILL);
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH);
    const vectors = await embeddings.embed(batch.map((r) => r.text));
    for (const [n, row] of batch.entries()) await setEmbedding(db, accountId, row, vectors[n]!, embeddings.model);
  }
  return rows.length;
}
