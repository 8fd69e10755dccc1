import {
  CATALOGUE_ITEM_NOT_FOUND,
  type CatalogueItem,
  type CatalogueItemPatch,
  type CatalogueOption,
  catalogueOptionNotFound,
} from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { toCatalogueItem } from './catalogue-dto.ts';
import { findItem, updateItem } from './catalogue-repository.ts';

const plain = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .trim()
    .toLowerCase();

/** The options with one option's price changed (found by name, ignoring case and accents); 400 when absent. */
function withOptionPrice(options: CatalogueOption[], change: CatalogueOption): CatalogueOption[] {
  const at = options.findIndex((o) => plain(o.name) === plain(change.name));
  if (at < 0)
    throw new AppError('VALIDATION', catalogueOptionNotFound(change.name), {
      fields: { optionPrice: catalogueOptionNotFound(change.name) },
    });
  return options.map((o, i) => (i === at ? { ...o, priceCents: change.priceCents } : o));
}

/**
 * Changes only the given fields of an item (price, availability, description, one option's price), the rest as saved: the
 * prompt coach's 'Aplicar' sends just what its suggestion changes. Another account's item is absent.
 */
export async function patchCatalogueItem({
  db,
  accountId,
  id,
  patch,
}: {
  db: Db;
  accountId: string;
  id: string;
  patch: CatalogueItemPatch;
}): Promise<CatalogueItem> {
  const row = await findItem(db, accountId, id);
  if (!row) throw new AppError('NOT_FOUND', CATALOGUE_ITEM_NOT_FOUND);
  const { kind, name, description, priceCents, unit, availability, options, tags, allowsDiscount } = row;
  const { optionPrice, ...fields } = patch;
  const defined = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  const saved = await updateItem(db, accountId, id, {
    ...{ kind, name, description, priceCents, unit, availability, tags, allowsDiscount },
    options: optionPrice ? withOptionPrice(options, optionPrice) : options,
    ...defined,
  });
  if (!saved) throw new AppError('NOT_FOUND', CATALOGUE_ITEM_NOT_FOUND);
  return toCatalogueItem(saved);
}
