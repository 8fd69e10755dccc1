import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sugestoes } from '../../db/schema/index.ts';

export type FeedbackRow = typeof sugestoes.$inferSelect;

/** Serialises one user's feedback writes, so a double click cannot slip past the duplicate check. */
export async function lockAccountFeedback(db: Db, accountId: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`sugestoes:${accountId}`}))`);
}

/** The user's same text (trimmed) stored after `since`, if any. */
export async function findRecentSameFeedback(
  db: Db,
  accountId: string,
  text: string,
  since: Date,
): Promise<{ id: string } | null> {
  const [row] = await db
    .select({ id: sugestoes.id })
    .from(sugestoes)
    .where(and(eq(sugestoes.uid, accountId), eq(sugestoes.sugestao, text), gt(sugestoes.createdAt, since)))
    .orderBy(desc(sugestoes.createdAt))
    .limit(1);
  return row ?? null;
}

export async function insertFeedback(
  db: Db,
  values: { uid: string; tipo: FeedbackRow['tipo']; email: string | null; sugestao: string },
): Promise<FeedbackRow> {
  const [row] = await db.insert(sugestoes).values(values).returning();
  return row!;
}
