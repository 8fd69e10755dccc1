import type { Faq } from '@vendai/contracts';
import type { FaqRow } from '../../domain/facts/faq-search-repository.ts';

/** A FAQ row as the API answers it. */
export function toFaq(row: FaqRow): Faq {
  return {
    id: row.id,
    question: row.question,
    answer: row.answer,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
