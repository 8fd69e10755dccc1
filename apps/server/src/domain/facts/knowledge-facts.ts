import { and, eq } from 'drizzle-orm';
import { knowledgeFaqs } from '../../db/schema/index.ts';
import { ownerTextAmounts } from '../price-guard/check-reply.ts';
import type { FactProvider } from './fact-source.ts';
import { searchKnowledge } from './search-knowledge.ts';

/** FAQ entries matching the customer's words given to the AI. */
const MATCHED_ENTRIES = 5;

/**
 * The knowledge base as a fact provider (docs/decisions/025-catalogue-and-price-guard.md, section
 * Conhecimento): the matching active FAQ entries as passages with their source, and every amount,
 * percentage and discount offer the owner wrote in the active answers (the price guard allows them).
 */
export const knowledgeFacts: FactProvider = {
  async find(db, userId, query) {
    const rows = await searchKnowledge(db, userId, query.words, { limit: MATCHED_ENTRIES });
    return rows.map((row) => ({
      kind: 'passage' as const,
      id: row.id,
      label: `Perguntas frequentes: ${row.question}`,
      text: row.answer.replace(/\s*\n\s*/g, ' '),
    }));
  },
  async amounts(db, userId) {
    const rows = await db
      .select({ answer: knowledgeFaqs.answer })
      .from(knowledgeFaqs)
      .where(and(eq(knowledgeFaqs.userId, userId), eq(knowledgeFaqs.status, 'active')));
    return ownerTextAmounts(rows.map((r) => r.answer).join('\n'));
  },
};
