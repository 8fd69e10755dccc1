import { DOCUMENT_NOT_FOUND, type KnowledgeDocument } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { toDocument } from './document-dto.ts';
import { getDocumentRow, renameDocumentRow } from './document-repository.ts';

/** Renames a document (the AI shows the new title as the passages' source). */
export async function renameDocument({
  db,
  accountId,
  id,
  title,
}: {
  db: Db;
  accountId: string;
  id: string;
  title: string;
}): Promise<KnowledgeDocument> {
  if (!(await renameDocumentRow(db, accountId, id, title.trim()))) throw new AppError('NOT_FOUND', DOCUMENT_NOT_FOUND);
  return toDocument((await getDocumentRow(db, accountId, id))!);
}
