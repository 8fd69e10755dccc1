import type { Db } from '../../db/client.ts';
import { normaliseWords } from './fact-query.ts';
import { activeItems, type CatalogueRow, searchCatalogue } from './catalogue-search-repository.ts';

/** Most catalogue items the prompt coach sees with an owner's instruction. */
const COACH_CATALOGUE_MAX = 60;

/**
 * The account's active catalogue items for the prompt coach (docs/decisions/014-prompt-workshop.md): the
 * whole catalogue when it has at most COACH_CATALOGUE_MAX items, else the items matching the
 * instruction's words first, then the rest by name up to the bound. Archived items are never listed.
 */
export async function coachCatalogue(db: Db, accountId: string, instruction: string): Promise<CatalogueRow[]> {
  const all = await activeItems(db, accountId, COACH_CATALOGUE_MAX + 1);
  if (all.length === 0) return [];
  const matched = await searchCatalogue(db, accountId, normaliseWords(instruction), { limit: COACH_CATALOGUE_MAX });
  const rest = all.filter((a) => !matched.some((m) => m.id === a.id));
  return [...matched, ...rest].slice(0, COACH_CATALOGUE_MAX);
}

/** One line per item as the coach reads it: id, name, price in centavos, availability, options with their prices. */
export function coachCatalogueLines(
  items: readonly (Pick<CatalogueRow, 'id' | 'name' | 'priceCents' | 'availability'> & {
    options?: readonly { name: string; priceCents: number | null }[];
  })[],
): string {
  if (items.length === 0) return '(o catálogo está vazio)';
  return items
    .map((i) =>
      JSON.stringify({
        id: i.id,
        nome: i.name,
        preco_centavos: i.priceCents,
        disponibilidade: i.availability,
        ...(i.options?.length
          ? { opcoes: i.options.map((o) => ({ nome: o.name, preco_centavos: o.priceCents })) }
          : {}),
      }),
    )
    .join('\n');
}
