import {
  QUICK_REPLIES_FULL,
  QUICK_REPLIES_MAX,
  SHORTCUT_TAKEN,
  type QuickReplyDto,
  type quickReplyInputSchema,
} from '@vendai/contracts';
import { and, asc, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { pgErrorCode } from '../../db/pg-error.ts';
import { quickReplies } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';

type Input = z.output<typeof quickReplyInputSchema>;
const columns = { id: quickReplies.id, shortcut: quickReplies.shortcut, text: quickReplies.text };

/** The account's saved replies, by shortcut (docs/decisions/040-inbox-search.md). */
export async function listQuickReplies(db: Db, userId: string): Promise<QuickReplyDto[]> {
  return db
    .select(columns)
    .from(quickReplies)
    .where(eq(quickReplies.userId, userId))
    .orderBy(asc(quickReplies.shortcut));
}

export async function createQuickReply(db: Db, userId: string, input: Input): Promise<QuickReplyDto> {
  const [row] = await db.select({ n: count() }).from(quickReplies).where(eq(quickReplies.userId, userId));
  if (Number(row?.n ?? 0) >= QUICK_REPLIES_MAX) throw new AppError('LIMIT_REACHED', QUICK_REPLIES_FULL);
  return unique(async () => {
    const [created] = await db
      .insert(quickReplies)
      .values({ userId, ...input })
      .returning(columns);
    return created!;
  });
}

export async function updateQuickReply(db: Db, userId: string, id: string, input: Input): Promise<QuickReplyDto> {
  return unique(async () => {
    const [updated] = await db
      .update(quickReplies)
      .set(input)
      .where(and(eq(quickReplies.id, id), eq(quickReplies.userId, userId)))
      .returning(columns);
    if (!updated) throw notFound();
    return updated;
  });
}

export async function deleteQuickReply(db: Db, userId: string, id: string): Promise<void> {
  const rows = await db
    .delete(quickReplies)
    .where(and(eq(quickReplies.id, id), eq(quickReplies.userId, userId)))
    .returning({ id: quickReplies.id });
  if (!rows.length) throw notFound();
}

/** A shortcut the account already uses is a 409 with a Portuguese reason. */
async function unique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (pgErrorCode(err) === '23505')
      throw new AppError('CONFLICT', SHORTCUT_TAKEN, { fields: { shortcut: SHORTCUT_TAKEN } });
    throw err;
  }
}
