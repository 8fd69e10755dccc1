import { DOCUMENT_NOT_FOUND } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { deleteDocumentRow } from './document-repository.ts';

/** Deletes a document and its passages: the AI no longer reads them, nor may quote their amounts. */
export async function deleteDocument({ db, accountId, id }: { db: Db; accountId: string; id: string }): Promise<void> {
  if (!(await deleteDocumentRow(db, accountId, id))) throw new AppError('NOT_FOUND', DOCUMENT_NOT_FOUND);
}
