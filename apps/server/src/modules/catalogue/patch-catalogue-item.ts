import { CATALOGUE_ITEM_NOT_FOUND, type CatalogueItem, type CatalogueItemPatch } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { toCatalogueItem } from './catalogue-dto.ts';
import { findItem, updateItem } from './catalogue-repository.ts';

/**
 * Changes only the given fields of an item (price, availability, description), the rest as saved: the
 * prompt coach's 'Aplicar' sends just what its suggestion changes. Another account's item is absent.
 */
export async function patchCatalogueItem({
  db,
  userId,
  id,
  patch,
}: {
  db: Db;
  userId: string;
  id: string;
  patch: CatalogueItemPatch;
}): Promise<CatalogueItem> {
  const row = await findItem(db, userId, id);
  if (!row) throw new AppError('NOT_FOUND', CATALOGUE_ITEM_NOT_FOUND);
  const { kind, name, description, priceCents, unit, availability, options, tags, allowsDiscount } = row;
  const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  const saved = await updateItem(db, userId, id, {
    ...{ kind, name, description, priceCents, unit, availability, options, tags, allowsDiscount },
    ...defined,
  });
  if (!saved) throw new AppError('NOT_FOUND', CATALOGUE_ITEM_NOT_FOUND);
  return toCatalogueItem(saved);
}
