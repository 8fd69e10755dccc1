import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { catalogueItems } from '../../db/schema/index.ts';
import { describeItem, itemAmounts } from './describe-item.ts';
import type { FactProvider, FactSource } from './fact-source.ts';
import { type CatalogueRow, searchCatalogue } from './search-catalogue.ts';

/** Items matching the customer's words given to the AI. */
export const MATCHED_ITEMS = 8;
/** A catalogue this small is given whole (matching items first): the AI can answer 'o que vocês têm?'. */
export const WHOLE_CATALOGUE_UP_TO = 15;

export function toSource(item: CatalogueRow): FactSource {
  return {
    kind: 'product',
    id: item.id,
    label: `Catálogo: ${item.name}`,
    text: describeItem(item),
    photoKey: item.photoKey,
    amounts: itemAmounts(item),
    allowsDiscount: item.allowsDiscount,
  };
}

/** The account's active items by name, at most `limit`. */
export async function activeItems(db: Db, userId: string, limit: number): Promise<CatalogueRow[]> {
  return db
    .select()
    .from(catalogueItems)
    .where(and(eq(catalogueItems.userId, userId), isNull(catalogueItems.archivedAt)))
    .orderBy(asc(catalogueItems.name))
    .limit(limit);
}

/** The catalogue as a fact provider (archived items are never facts). */
export const catalogueFacts: FactProvider = {
  async find(db, userId, query, tools) {
    if (tools?.present && !tools.present.catalogue) return [];
    const all = await activeItems(db, userId, WHOLE_CATALOGUE_UP_TO + 1);
    // No active item: nothing to search (most accounts before they fill the catalogue).
    if (all.length === 0) return [];
    const matched = await searchCatalogue(db, userId, query.words, { limit: MATCHED_ITEMS });
    const items =
      all.length <= WHOLE_CATALOGUE_UP_TO
        ? [...matched, ...all.filter((a) => !matched.some((m) => m.id === a.id))]
        : matched;
    return items.map(toSource);
  },
  async amounts(db, userId) {
    const rows = await db
      .select({
        priceCents: catalogueItems.priceCents,
        options: catalogueItems.options,
        allowsDiscount: catalogueItems.allowsDiscount,
      })
      .from(catalogueItems)
      .where(and(eq(catalogueItems.userId, userId), isNull(catalogueItems.archivedAt)));
    return { cents: rows.flatMap(itemAmounts), percents: [], offersDiscount: false };
  },
};
