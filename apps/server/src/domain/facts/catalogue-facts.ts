import { describeItem, itemAmounts } from './describe-item.ts';
import type { FactProvider, FactSource } from './fact-source.ts';
import { activeItemPrices, activeItems, type CatalogueRow, searchCatalogue } from './catalogue-search-repository.ts';

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

/** The catalogue as a fact provider (archived items are never facts). */
export const catalogueFacts: FactProvider = {
  async find(db, accountId, query, tools) {
    if (tools?.present && !tools.present.catalogue) return [];
    const all = await activeItems(db, accountId, WHOLE_CATALOGUE_UP_TO + 1);
    // No active item: nothing to search (most accounts before they fill the catalogue).
    if (all.length === 0) return [];
    const matched = await searchCatalogue(db, accountId, query.words, { limit: MATCHED_ITEMS });
    const items =
      all.length <= WHOLE_CATALOGUE_UP_TO
        ? [...matched, ...all.filter((a) => !matched.some((m) => m.id === a.id))]
        : matched;
    return items.map(toSource);
  },
  async amounts(db, accountId) {
    const rows = await activeItemPrices(db, accountId);
    return { cents: rows.flatMap(itemAmounts), percents: [], offersDiscount: false };
  },
};
