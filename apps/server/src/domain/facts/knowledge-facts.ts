import { ownerTextAmounts } from '../price-guard/check-reply.ts';
import type { FactProvider, FactSource } from './fact-source.ts';
import { findKnowledgeTexts } from './knowledge-repository.ts';
import { rankKnowledge } from './rank-knowledge.ts';
import { searchKnowledge } from './faq-search-repository.ts';
import { searchPassages } from './passage-search-repository.ts';

/** FAQ entries matching the customer's words given to the AI. */
const MATCHED_ENTRIES = 5;
/** Document passages matching the customer's words given to the AI (after the FAQ entries). */
const MATCHED_PASSAGES = 4;

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ');

/**
 * The knowledge base as a fact provider (docs/decisions/025-catalogue-and-price-guard.md, section
 * Conhecimento): the matching active FAQ entries, then the matching passages of the owner's documents,
 * each with its source (ranked with embeddings too when an embeddings model is configured: rank-knowledge.ts); and every amount, percentage and discount offer the owner wrote in the active
 * answers and in the documents (the price guard allows them).
 */
export const knowledgeFacts: FactProvider = {
  async find(db, accountId, query, tools) {
    const embeddings = tools?.embeddings;
    // An empty FAQ or no document: that search is skipped (fact-presence.ts); a limit of 0 asks for nothing.
    const limits = {
      faqs: tools?.present?.faqs === false ? 0 : MATCHED_ENTRIES,
      passages: tools?.present?.passages === false ? 0 : MATCHED_PASSAGES,
    };
    if (limits.faqs === 0 && limits.passages === 0) return [];
    const { faqs, passages } = embeddings
      ? await rankKnowledge(db, accountId, query, embeddings, limits)
      : await Promise.all([
          limits.faqs ? searchKnowledge(db, accountId, query.words, { limit: limits.faqs }) : [],
          limits.passages ? searchPassages(db, accountId, query.words, { limit: limits.passages }) : [],
        ]).then(([f, p]) => ({ faqs: f, passages: p }));
    return [
      ...faqs.map((row): FactSource => ({
        kind: 'passage',
        id: row.id,
        label: `Perguntas frequentes: ${row.question}`,
        text: oneLine(row.answer),
      })),
      ...passages.map((p): FactSource => ({
        kind: 'passage',
        id: p.id,
        label: `Documento: ${p.title}`,
        text: oneLine(p.text),
      })),
    ];
  },
  async amounts(db, accountId) {
    return ownerTextAmounts((await findKnowledgeTexts(db, accountId)).join('\n'));
  },
};
