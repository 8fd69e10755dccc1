import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { catalogueItems } from '../../db/schema/index.ts';
import { resultRows } from '../../db/rows.ts';
import { searchWords } from './search-words.ts';

export type CatalogueRow = typeof catalogueItems.$inferSelect;

/** How close a customer's word must be to a word of a product's name to count as a typo of it (pg_trgm). */
export const NAME_SIMILARITY = 0.45;

/**
 * The account's catalogue items matching the words, best first (docs/decisions/025-catalogue-and-price-guard.md):
 * PostgreSQL full-text search in Portuguese over name, description, tags and options (`vendai_pt`:
 * accents ignored, plural and singular alike, irregular plurals included: search-words.ts), or a name one of the words is a typo of
 * (`word_similarity`, trigrams over the unaccented name). Only the account's own rows.
 */
export async function searchCatalogue(
  db: Db,
  accountId: string,
  words: readonly string[],
  options: { limit: number; archived?: boolean },
): Promise<CatalogueRow[]> {
  const search = searchWords(words);
  if (!search) return [];
  const { query, typos: typoWords } = search;
  const archived = options.archived ? sql`i.archived_at is not null` : sql`i.archived_at is null`;
  const result = await db.execute(sql`
    with q as (select websearch_to_tsquery('vendai_pt', ${query}) as query),
    scored as (
      select i.*,
        to_tsvector('vendai_pt', i.search_text) @@ q.query as matched,
        ts_rank(to_tsvector('vendai_pt', i.search_text), q.query) as rank,
        coalesce((select max(word_similarity(w, lower(vendai_unaccent(i.name))))
          from jsonb_array_elements_text(${typoWords}::jsonb) w), 0) as name_sim
      from catalogue_items i, q
      where i.user_id = ${accountId} and ${archived}
    )
    select * from scored where matched or name_sim >= ${NAME_SIMILARITY}
    order by (case when matched then 1 else 0 end) + rank + name_sim desc, name
    limit ${options.limit}`);
  return resultRows<Record<string, unknown>>(result).map(toRow);
}

/** A raw row (snake_case) as the schema's type. */
export function toRow(r: Record<string, unknown>): CatalogueRow {
  const date = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v)));
  const json = <T>(v: unknown, empty: T): T => (typeof v === 'string' ? (JSON.parse(v) as T) : ((v as T) ?? empty));
  return {
    id: String(r.id),
    userId: String(r.user_id),
    kind: r.kind as CatalogueRow['kind'],
    name: String(r.name),
    description: String(r.description ?? ''),
    priceCents: r.price_cents === null || r.price_cents === undefined ? null : Number(r.price_cents),
    unit: String(r.unit ?? ''),
    availability: r.availability as CatalogueRow['availability'],
    options: json(r.options, []),
    tags: json(r.tags, []),
    photoKey: (r.photo_key as string | null) ?? null,
    allowsDiscount: Boolean(r.allows_discount),
    searchText: String(r.search_text ?? ''),
    archivedAt: date(r.archived_at),
    createdAt: date(r.created_at)!,
    updatedAt: date(r.updated_at)!,
  };
}

/** The account's active items by name, at most `limit`. */
export async function activeItems(db: Db, accountId: string, limit: number): Promise<CatalogueRow[]> {
  return db
    .select()
    .from(catalogueItems)
    .where(and(eq(catalogueItems.userId, accountId), isNull(catalogueItems.archivedAt)))
    .orderBy(asc(catalogueItems.name))
    .limit(limit);
}

/** The prices, options and discount switch of the account's active items (the price guard's amounts). */
export async function activeItemPrices(
  db: Db,
  accountId: string,
): Promise<Pick<CatalogueRow, 'priceCents' | 'options' | 'allowsDiscount'>[]> {
  return db
    .select({
      priceCents: catalogueItems.priceCents,
      options: catalogueItems.options,
      allowsDiscount: catalogueItems.allowsDiscount,
    })
    .from(catalogueItems)
    .where(and(eq(catalogueItems.userId, accountId), isNull(catalogueItems.archivedAt)));
}
