import type { KnowledgeDocument } from '@vendai/contracts';
import type { DocumentRow } from './document-repository.ts';

/** A document row as the API answers it. */
export function toDocument(row: DocumentRow): KnowledgeDocument {
  return {
    id: row.id,
    title: row.title,
    kind: row.kind,
    chars: row.chars,
    passages: Number(row.passages),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
