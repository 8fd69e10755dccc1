import type { Db } from '../../db/client.ts';
import type { Embeddings } from '../../integrations/llm/llm.ts';
import type { FactQuery } from './fact-source.ts';
import { cosine } from './knowledge-embeddings.ts';
import { type FaqRow, recentEmbeddedFaqs, searchKnowledge } from './faq-search-repository.ts';
import { type PassageHit, recentPassages, searchPassages } from './passage-search-repository.ts';

/** Full-text candidates of each kind looked at before ranking. */
const TEXT_CANDIDATES = 20;
/** Recent rows with a vector looked at besides them (what full text missed: 'frete' for 'entrega'). */
const RECENT_CANDIDATES = 100;
/** A row full text did not match is given only this similar to the customer's messages. */
export const MIN_SIMILARITY = 0.3;
/** What a full-text (or typo) match adds to a row's similarity. */
const MATCH_BONUS = 0.2;

interface Candidate<T> {
  row: T;
  matched: boolean;
}

type Embedded = { id: string; embedding: number[] | null; embeddingModel: string | null };

function rank<T extends Embedded>(query: number[], model: string, candidates: Candidate<T>[], limit: number): T[] {
  return candidates
    .map((c) => {
      const similarity = c.row.embedding && c.row.embeddingModel === model ? cosine(query, c.row.embedding) : null;
      return { ...c, similarity, score: (similarity ?? 0) + (c.matched ? MATCH_BONUS : 0) };
    })
    .filter((c) => c.matched || (c.similarity ?? 0) >= MIN_SIMILARITY)
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map((c) => c.row);
}

/** Matches first, then the recent rows not among them. */
function candidatesOf<T extends { id: string }>(matched: T[], recent: T[]): Candidate<T>[] {
  const seen = new Set(matched.map((m) => m.id));
  return [
    ...matched.map((row) => ({ row, matched: true })),
    ...recent.filter((r) => !seen.has(r.id)).map((row) => ({ row, matched: false })),
  ];
}

/**
 * The knowledge base's FAQ entries and passages for a reply, ranked with embeddings
 * (docs/decisions/025-catalogue-and-price-guard.md, section Conhecimento): the full-text and trigram
 * candidates plus a bounded set of recent rows with a vector, ordered in the app by cosine similarity to
 * the customer's messages (a full-text match adds MATCH_BONUS; a row it did not match needs
 * MIN_SIMILARITY). No row with a vector, or the embeddings call failing: the full-text order.
 */
export async function rankKnowledge(
  db: Db,
  accountId: string,
  query: FactQuery,
  embeddings: Embeddings,
  limits: { faqs: number; passages: number },
): Promise<{ faqs: FaqRow[]; passages: PassageHit[] }> {
  const [faqHits, passageHits, faqRecent, passageRecent] = await Promise.all([
    searchKnowledge(db, accountId, query.words, { limit: TEXT_CANDIDATES }),
    searchPassages(db, accountId, query.words, { limit: TEXT_CANDIDATES }),
    recentEmbeddedFaqs(db, accountId, RECENT_CANDIDATES),
    recentPassages(db, accountId, RECENT_CANDIDATES),
  ]);
  const textOrder = { faqs: faqHits.slice(0, limits.faqs), passages: passageHits.slice(0, limits.passages) };
  const faqs = candidatesOf(faqHits, faqRecent);
  const passages = candidatesOf(passageHits, passageRecent);
  const hasVectors = [...faqs, ...passages].some((c) => c.row.embeddingModel === embeddings.model);
  if (!hasVectors || !query.text.trim()) return textOrder;
  const vector = await embeddings.embed([query.text]).then(
    (v) => v[0] ?? null,
    () => null,
  );
  if (!vector) return textOrder;
  return {
    faqs: rank(vector, embeddings.model, faqs, limits.faqs),
    passages: rank(vector, embeddings.model, passages, limits.passages),
  };
}
