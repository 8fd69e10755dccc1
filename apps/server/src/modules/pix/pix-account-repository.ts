import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pixAccounts } from '../../db/schema/index.ts';

// The owner's Pix account row (pix-account.ts opens and seals its secrets).

export type PixAccountRow = typeof pixAccounts.$inferSelect;
type PixAccountValues = Omit<typeof pixAccounts.$inferInsert, 'userId'>;

/** The account's Pix account row, found by the account or by its webhook id; null when none. */
export async function selectPixAccountRow(
  db: Db,
  where: { accountId: string } | { webhookId: string },
): Promise<PixAccountRow | null> {
  const [row] = await db
    .select()
    .from(pixAccounts)
    .where('accountId' in where ? eq(pixAccounts.userId, where.accountId) : eq(pixAccounts.webhookId, where.webhookId));
  return row ?? null;
}

export async function hasPixAccount(db: Db, accountId: string): Promise<boolean> {
  const [account] = await db
    .select({ id: pixAccounts.userId })
    .from(pixAccounts)
    .where(eq(pixAccounts.userId, accountId));
  return account !== undefined;
}

export async function upsertPixAccount(db: Db, accountId: string, row: PixAccountValues): Promise<void> {
  await db
    .insert(pixAccounts)
    .values({ userId: accountId, ...row })
    .onConflictDoUpdate({ target: pixAccounts.userId, set: row });
}

export async function deletePixAccount(db: Db, accountId: string): Promise<void> {
  await db.delete(pixAccounts).where(eq(pixAccounts.userId, accountId));
}
