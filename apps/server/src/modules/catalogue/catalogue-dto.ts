import type { CatalogueItem } from '@vendai/contracts';
import type { CatalogueRow } from '../../domain/facts/catalogue-search-repository.ts';

/** A catalogue row as the API answers it (photo as its same-origin media URL). */
export function toCatalogueItem(row: CatalogueRow): CatalogueItem {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    description: row.description,
    priceCents: row.priceCents,
    unit: row.unit,
    availability: row.availability,
    options: row.options,
    tags: row.tags,
    allowsDiscount: row.allowsDiscount,
    photoUrl: row.photoKey ? `/api/media/${row.photoKey}` : null,
    archived: row.archivedAt !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
