import type { CatalogueItem, CatalogueItemInput } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { toCatalogueItem } from './catalogue-dto.ts';
import { insertItems } from './catalogue-repository.ts';

export async function createCatalogueItem({
  db,
  userId: accountId,
  input,
}: {
  db: Db;
  userId: string;
  input: CatalogueItemInput;
}): Promise<CatalogueItem> {
  const [row] = await insertItems(db, accountId, [input]);
  return toCatalogueItem(row!);
}
