import { CATALOGUE_ITEM_NOT_FOUND, type CatalogueItem } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { toCatalogueItem } from './catalogue-dto.ts';
import { setItemFields } from './catalogue-repository.ts';

/** Archives (the AI no longer sees it, its prices are no longer allowed) or brings an item back. */
export async function archiveCatalogueItem({
  db,
  accountId,
  id,
  archived,
}: {
  db: Db;
  accountId: string;
  id: string;
  archived: boolean;
}): Promise<CatalogueItem> {
  const row = await setItemFields(db, accountId, id, { archivedAt: archived ? new Date() : null });
  if (!row) throw new AppError('NOT_FOUND', CATALOGUE_ITEM_NOT_FOUND);
  return toCatalogueItem(row);
}
