import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { numbers, sourceLinks } from '../../db/schema/index.ts';

export type SourceLinkRow = Pick<typeof sourceLinks.$inferSelect, 'id' | 'name' | 'code' | 'createdAt'>;
const linkColumns = {
  id: sourceLinks.id,
  name: sourceLinks.name,
  code: sourceLinks.code,
  createdAt: sourceLinks.createdAt,
};

export function selectSourceLinks(db: Db, accountId: string): Promise<SourceLinkRow[]> {
  return db
    .select(linkColumns)
    .from(sourceLinks)
    .where(eq(sourceLinks.userId, accountId))
    .orderBy(asc(sourceLinks.createdAt));
}

export async function countSourceLinks(db: Db, accountId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(sourceLinks).where(eq(sourceLinks.userId, accountId));
  return Number(row?.n ?? 0);
}

export async function insertSourceLink(db: Db, accountId: string, input: { name: string; code: string }) {
  const [row] = await db
    .insert(sourceLinks)
    .values({ userId: accountId, ...input })
    .returning(linkColumns);
  return row!;
}

export async function deleteSourceLinkRow(db: Db, accountId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(sourceLinks)
    .where(and(eq(sourceLinks.userId, accountId), eq(sourceLinks.id, id)))
    .returning({ id: sourceLinks.id });
  return rows.length > 0;
}

/** The account's numbers a wa.me link can point at (their phone and nickname). */
export function selectLinkNumbers(db: Db, accountId: string): Promise<{ phone: string; apelido: string | null }[]> {
  return db
    .select({ phone: numbers.phone, apelido: numbers.apelido })
    .from(numbers)
    .where(eq(numbers.userId, accountId))
    .orderBy(asc(numbers.createdAt));
}
