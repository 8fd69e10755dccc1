import { DOCUMENT_NOT_FOUND, type DocumentPassages } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { toDocument } from './document-dto.ts';
import { getDocumentRow, passageRows } from './document-repository.ts';

/** A document with its passages, in order (what the AI may be given of it), and its text to edit. */
export async function getDocument({
  db,
  accountId,
  id,
}: {
  db: Db;
  accountId: string;
  id: string;
}): Promise<DocumentPassages> {
  const row = await getDocumentRow(db, accountId, id);
  if (!row) throw new AppError('NOT_FOUND', DOCUMENT_NOT_FOUND);
  const passages = await passageRows(db, accountId, id);
  return { document: toDocument(row), text: passages.map((p) => p.text).join('\n\n'), passages };
}
