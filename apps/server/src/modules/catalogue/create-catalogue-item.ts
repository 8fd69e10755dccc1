import type { CatalogueItem, CatalogueItemInput } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { toCatalogueItem } from './catalogue-dto.ts';
import { insertItems } from './catalogue-repository.ts';

export async function createCatalogueItem({
  db,
  accountId,
  input,
}: {
  db: Db;
  accountId: string;
  input: CatalogueItemInput;
}): Promise<CatalogueItem> {
  const [row] = await insertItems(db, accountId, [input]);
  return toCatalogueItem(row!);
}
