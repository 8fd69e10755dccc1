import type { QuickReplyDto, quickReplyInputSchema } from '@vendai/contracts';
import { and, asc, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { quickReplies } from '../../db/schema/index.ts';

type Input = z.output<typeof quickReplyInputSchema>;
const columns = { id: quickReplies.id, shortcut: quickReplies.shortcut, text: quickReplies.text };

/** The account's saved replies, by shortcut. */
export async function selectQuickReplies(db: Db, accountId: string): Promise<QuickReplyDto[]> {
  return db
    .select(columns)
    .from(quickReplies)
    .where(eq(quickReplies.userId, accountId))
    .orderBy(asc(quickReplies.shortcut));
}

export async function countQuickReplies(db: Db, accountId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(quickReplies).where(eq(quickReplies.userId, accountId));
  return Number(row?.n ?? 0);
}

/** Throws the database's unique violation (23505) when the account already uses the shortcut. */
export async function insertQuickReply(db: Db, accountId: string, input: Input): Promise<QuickReplyDto> {
  const [created] = await db
    .insert(quickReplies)
    .values({ userId: accountId, ...input })
    .returning(columns);
  return created!;
}

/** The updated reply, or null when the account has no reply with this id. */
export async function updateQuickReplyRow(
  db: Db,
  accountId: string,
  id: string,
  input: Input,
): Promise<QuickReplyDto | null> {
  const [updated] = await db
    .update(quickReplies)
    .set(input)
    .where(and(eq(quickReplies.id, id), eq(quickReplies.userId, accountId)))
    .returning(columns);
  return updated ?? null;
}

/** True when a reply of the account was deleted. */
export async function deleteQuickReplyRow(db: Db, accountId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(quickReplies)
    .where(and(eq(quickReplies.id, id), eq(quickReplies.userId, accountId)))
    .returning({ id: quickReplies.id });
  return rows.length > 0;
}
