import { KNOWLEDGE_DOCUMENT_LIMITS, type KnowledgeDocument } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { splitPassages } from '../../domain/facts/split-passages.ts';
import { AppError } from '../../lib/app-error.ts';
import { toDocument } from './document-dto.ts';
import { countDocuments, type DocumentKindValue, insertDocument } from './document-repository.ts';

export const DOCUMENT_LIMIT_REACHED = `Você já tem ${KNOWLEDGE_DOCUMENT_LIMITS.perAccount} documentos. Exclua um para adicionar outro.`;
export const NO_TEXT = 'O documento não tem texto.';

/**
 * Adds a document (pasted text, a page's text, or a PDF's extracted text): the text is cut into
 * passages (domain/facts/split-passages.ts) and stored with them, so the AI can read it from the next
 * reply on. At most KNOWLEDGE_DOCUMENT_LIMITS.perAccount documents per account.
 */
export async function addDocument({
  db,
  accountId,
  title,
  kind,
  text,
}: {
  db: Db;
  accountId: string;
  title: string;
  kind: DocumentKindValue;
  text: string;
}): Promise<KnowledgeDocument> {
  if ((await countDocuments(db, accountId)) >= KNOWLEDGE_DOCUMENT_LIMITS.perAccount)
    throw new AppError('LIMIT_REACHED', DOCUMENT_LIMIT_REACHED);
  const clean = text.slice(0, KNOWLEDGE_DOCUMENT_LIMITS.maxChars);
  const passages = splitPassages(clean);
  if (passages.length === 0) throw new AppError('VALIDATION', NO_TEXT, { fields: { text: NO_TEXT } });
  const row = await insertDocument(db, accountId, {
    title: title.trim(),
    kind,
    chars: passages.reduce((n, p) => n + p.length, 0),
    passages,
  });
  return toDocument(row);
}
