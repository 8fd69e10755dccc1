import { CATALOGUE_ITEM_NOT_FOUND, type CatalogueItem, type CatalogueItemInput } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { toCatalogueItem } from './catalogue-dto.ts';
import { updateItem } from './catalogue-repository.ts';

/** Saves the dialog's fields (all of them: the form sends the whole item). */
export async function updateCatalogueItem({
  db,
  accountId,
  id,
  input,
}: {
  db: Db;
  accountId: string;
  id: string;
  input: CatalogueItemInput;
}): Promise<CatalogueItem> {
  const row = await updateItem(db, accountId, id, input);
  if (!row) throw new AppError('NOT_FOUND', CATALOGUE_ITEM_NOT_FOUND);
  return toCatalogueItem(row);
}
