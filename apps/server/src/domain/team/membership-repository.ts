import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accountMembers } from '../../db/schema/index.ts';

export type MembershipRow = Pick<typeof accountMembers.$inferSelect, 'accountId' | 'role'>;

/** The account `memberId` is a member of, with the role (null: a member of none). One primary-key read. */
export async function selectMembership(db: Db, memberId: string): Promise<MembershipRow | null> {
  const [row] = await db
    .select({ accountId: accountMembers.accountId, role: accountMembers.role })
    .from(accountMembers)
    .where(eq(accountMembers.userId, memberId))
    .limit(1);
  return row ?? null;
}

/** The account's members, the owner not counted. */
export async function countMembers(db: Db, accountId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(accountMembers)
    .where(eq(accountMembers.accountId, accountId));
  return Number(row?.n ?? 0);
}

export async function isMemberOf(db: Db, accountId: string, memberId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: accountMembers.userId })
    .from(accountMembers)
    .where(and(eq(accountMembers.userId, memberId), eq(accountMembers.accountId, accountId)))
    .limit(1);
  return row !== undefined;
}
