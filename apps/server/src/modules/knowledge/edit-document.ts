import { DOCUMENT_NOT_FOUND, KNOWLEDGE_DOCUMENT_LIMITS, type KnowledgeDocument } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { splitPassages } from '../../domain/facts/split-passages.ts';
import { AppError } from '../../lib/app-error.ts';
import { NO_TEXT } from './add-document.ts';
import { toDocument } from './document-dto.ts';
import { getDocumentRow, replaceDocumentText } from './document-repository.ts';

/**
 * Saves a document's edited title and text: the text is cut into passages again
 * (domain/facts/split-passages.ts) and replaces the old ones, so the next reply reads the new text; the
 * route then fills the new passages' vectors when an embeddings model is configured.
 */
export async function editDocument({
  db,
  accountId,
  id,
  title,
  text,
}: {
  db: Db;
  accountId: string;
  id: string;
  title: string;
  text: string;
}): Promise<KnowledgeDocument> {
  const passages = splitPassages(text.slice(0, KNOWLEDGE_DOCUMENT_LIMITS.maxChars));
  if (passages.length === 0) throw new AppError('VALIDATION', NO_TEXT, { fields: { text: NO_TEXT } });
  const chars = passages.reduce((n, p) => n + p.length, 0);
  if (!(await replaceDocumentText(db, accountId, id, { title: title.trim(), chars, passages })))
    throw new AppError('NOT_FOUND', DOCUMENT_NOT_FOUND);
  return toDocument((await getDocumentRow(db, accountId, id))!);
}
