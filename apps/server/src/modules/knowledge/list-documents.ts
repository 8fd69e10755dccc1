import { type DocumentList, KNOWLEDGE_DOCUMENT_LIMITS } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { toDocument } from './document-dto.ts';
import { listDocumentRows } from './document-repository.ts';

/** The account's documents, newest first, with their passage counts. */
export async function listDocuments({ db, accountId }: { db: Db; accountId: string }): Promise<DocumentList> {
  const rows = await listDocumentRows(db, accountId);
  return { items: rows.map(toDocument), limit: KNOWLEDGE_DOCUMENT_LIMITS.perAccount };
}
