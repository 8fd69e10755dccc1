import type { AttendantPermission } from '@vendai/contracts/team';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { teamPermissions } from '../../db/schema/index.ts';

export type PermissionsRow = typeof teamPermissions.$inferSelect;

/** The account's permissions row (null: the owner never changed one). */
export async function selectPermissionsRow(db: Db, accountId: string): Promise<PermissionsRow | null> {
  const [row] = await db.select().from(teamPermissions).where(eq(teamPermissions.accountId, accountId)).limit(1);
  return row ?? null;
}

/** Writes the permissions given (created with the others off when missing); the others keep their value. */
export async function upsertPermissions(
  db: Db,
  accountId: string,
  set: Partial<Record<AttendantPermission, boolean>>,
): Promise<void> {
  await db
    .insert(teamPermissions)
    .values({ accountId, ...set })
    .onConflictDoUpdate({ target: teamPermissions.accountId, set: { ...set, updatedAt: new Date() } });
}
