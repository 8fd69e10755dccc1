import type { CatalogueList, CatalogueListQuery } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { toCatalogueItem } from './catalogue-dto.ts';
import { countItems, listItems } from './catalogue-repository.ts';

/** The catalogue page's list: active (or archived) items, by name or by relevance to a search. */
export async function listCatalogue({
  db,
  accountId,
  query,
}: {
  db: Db;
  accountId: string;
  query: CatalogueListQuery;
}): Promise<CatalogueList> {
  const rows = await listItems(db, accountId, { q: query.q || undefined, archived: query.archived === 'true' });
  const counts = await countItems(db, accountId);
  return { items: rows.map(toCatalogueItem), activeCount: counts.active, archivedCount: counts.archived };
}
