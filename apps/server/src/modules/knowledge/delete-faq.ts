import { FAQ_NOT_FOUND } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { deleteFaqRow } from './knowledge-repository.ts';

/** Deletes an entry (or dismisses a proposed one). */
export async function deleteFaq({ db, accountId, id }: { db: Db; accountId: string; id: string }): Promise<void> {
  if (!(await deleteFaqRow(db, accountId, id))) throw new AppError('NOT_FOUND', FAQ_NOT_FOUND);
}
