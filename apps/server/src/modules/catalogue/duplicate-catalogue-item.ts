import { CATALOGUE_ITEM_NOT_FOUND, type CatalogueItem } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { toCatalogueItem } from './catalogue-dto.ts';
import { findItem, insertItems, setItemFields } from './catalogue-repository.ts';

/** A copy named '<name> (cópia)', active, sharing the original's photo. */
export async function duplicateCatalogueItem({
  db,
  accountId,
  id,
}: {
  db: Db;
  accountId: string;
  id: string;
}): Promise<CatalogueItem> {
  const item = await findItem(db, accountId, id);
  if (!item) throw new AppError('NOT_FOUND', CATALOGUE_ITEM_NOT_FOUND);
  const name = `${item.name} (cópia)`.slice(0, 120);
  const [copy] = await insertItems(db, accountId, [
    {
      kind: item.kind,
      name,
      description: item.description,
      priceCents: item.priceCents,
      unit: item.unit,
      availability: item.availability,
      options: item.options,
      tags: item.tags,
      allowsDiscount: item.allowsDiscount,
    },
  ]);
  const withPhoto = item.photoKey ? await setItemFields(db, accountId, copy!.id, { photoKey: item.photoKey }) : copy;
  return toCatalogueItem(withPhoto!);
}
