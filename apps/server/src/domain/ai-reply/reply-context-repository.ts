import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type AnswerItem, conversations, pixAccounts } from '../../db/schema/index.ts';

/** The reply's reads of the account and the conversation (load-context.ts), and the answer items' type. */

export type { AnswerItem };

/** The account's conversation's contact name; null when it has none or is not the account's. */
export async function findContactName(db: Db, accountId: string, convId: string): Promise<string | null> {
  const [row] = await db
    .select({ contactName: conversations.contactName })
    .from(conversations)
    .where(and(eq(conversations.id, convId), eq(conversations.userId, accountId)));
  return row?.contactName ?? null;
}

/** Whether the account has a Pix provider configured (the reply request offers Pix only then). */
export async function hasPixAccount(db: Db, accountId: string): Promise<boolean> {
  const [row] = await db.select({ id: pixAccounts.userId }).from(pixAccounts).where(eq(pixAccounts.userId, accountId));
  return row !== undefined;
}
