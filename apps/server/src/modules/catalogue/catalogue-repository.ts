import type { CatalogueItemInput } from '@vendai/contracts';
import { and, asc, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agentes, catalogueItems, priceGuardSettings } from '../../db/schema/index.ts';
import { type CatalogueRow, searchCatalogue } from '../../domain/facts/catalogue-search-repository.ts';

/** The catalogue's rows, always of the signed-in user (another user's id reads as absent). */

/** What the full-text search reads: name, description, tags and option names. */
export function searchTextOf(item: Pick<CatalogueItemInput, 'name' | 'description' | 'tags' | 'options'>): string {
  return [item.name, item.description, item.tags.join(' '), item.options.map((o) => o.name).join(' ')]
    .filter(Boolean)
    .join('\n');
}

const valuesOf = (input: CatalogueItemInput) => ({ ...input, searchText: searchTextOf(input) });

export async function listItems(
  db: Db,
  accountId: string,
  { q, archived }: { q?: string; archived: boolean },
): Promise<CatalogueRow[]> {
  if (q) return searchCatalogue(db, accountId, q.split(/\s+/), { limit: 200, archived });
  return db
    .select()
    .from(catalogueItems)
    .where(
      and(
        eq(catalogueItems.userId, accountId),
        archived ? isNotNull(catalogueItems.archivedAt) : isNull(catalogueItems.archivedAt),
      ),
    )
    .orderBy(asc(sql`lower(${catalogueItems.name})`))
    .limit(1000);
}

export async function countItems(db: Db, accountId: string): Promise<{ active: number; archived: number }> {
  const rows = await db
    .select({ archived: isNotNull(catalogueItems.archivedAt).mapWith(Boolean), n: count() })
    .from(catalogueItems)
    .where(eq(catalogueItems.userId, accountId))
    .groupBy(isNotNull(catalogueItems.archivedAt));
  return {
    active: Number(rows.find((r) => !r.archived)?.n ?? 0),
    archived: Number(rows.find((r) => r.archived)?.n ?? 0),
  };
}

export async function findItem(db: Db, accountId: string, id: string): Promise<CatalogueRow | null> {
  const [row] = await db
    .select()
    .from(catalogueItems)
    .where(and(eq(catalogueItems.id, id), eq(catalogueItems.userId, accountId)));
  return row ?? null;
}

export async function insertItems(db: Db, accountId: string, inputs: CatalogueItemInput[]): Promise<CatalogueRow[]> {
  if (inputs.length === 0) return [];
  return db
    .insert(catalogueItems)
    .values(inputs.map((input) => ({ userId: accountId, ...valuesOf(input) })))
    .returning();
}

export async function updateItem(
  db: Db,
  accountId: string,
  id: string,
  input: CatalogueItemInput,
): Promise<CatalogueRow | null> {
  const [row] = await db
    .update(catalogueItems)
    .set({ ...valuesOf(input), updatedAt: new Date() })
    .where(and(eq(catalogueItems.id, id), eq(catalogueItems.userId, accountId)))
    .returning();
  return row ?? null;
}

export async function setItemFields(
  db: Db,
  accountId: string,
  id: string,
  fields: Partial<Pick<CatalogueRow, 'archivedAt' | 'photoKey'>>,
): Promise<CatalogueRow | null> {
  const [row] = await db
    .update(catalogueItems)
    .set({ ...fields, updatedAt: new Date() })
    .where(and(eq(catalogueItems.id, id), eq(catalogueItems.userId, accountId)))
    .returning();
  return row ?? null;
}

export async function ownsAgent(db: Db, accountId: string, agentId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: agentes.id })
    .from(agentes)
    .where(and(eq(agentes.id, agentId), eq(agentes.userId, accountId)));
  return Boolean(row);
}

export async function findGuardSettings(db: Db, accountId: string, agentId: string) {
  const [row] = await db
    .select()
    .from(priceGuardSettings)
    .where(and(eq(priceGuardSettings.agentId, agentId), eq(priceGuardSettings.userId, accountId)));
  return row ?? null;
}

export async function saveGuardSettings(
  db: Db,
  accountId: string,
  agentId: string,
  values: { fallbackText: string; allowsDiscounts: boolean },
): Promise<void> {
  await db
    .insert(priceGuardSettings)
    .values({ agentId, userId: accountId, ...values })
    .onConflictDoUpdate({ target: priceGuardSettings.agentId, set: { ...values, updatedAt: new Date() } });
}

/** The account's active items (the import matches names against them). */
export async function activeItemsOf(db: Db, accountId: string): Promise<CatalogueRow[]> {
  return db
    .select()
    .from(catalogueItems)
    .where(and(eq(catalogueItems.userId, accountId), isNull(catalogueItems.archivedAt)));
}

/** Creates and updates an import's rows in one transaction: all of them or none. */
export async function saveImport(
  db: Db,
  accountId: string,
  creates: CatalogueItemInput[],
  updates: { id: string; input: CatalogueItemInput }[],
): Promise<void> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await insertItems(t, accountId, creates);
    for (const u of updates) {
      const row = await updateItem(t, accountId, u.id, u.input);
      if (!row) throw new Error('import: an item to update disappeared');
    }
  });
}
