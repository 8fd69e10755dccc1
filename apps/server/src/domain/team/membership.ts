import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accountMembers } from '../../db/schema/index.ts';

/** Who a signed-in person is in the product: the owner of their own account, or an attendant of another. */
export type AccountRole = 'owner' | 'attendant';

export interface AccountAccess {
  /** The account every query scopes by: the owner's user id. */
  accountId: string;
  role: AccountRole;
}

/**
 * The account a person acts on (docs/decisions/044-team-roles-and-assignment.md): the one they are a
 * member of, else their own. Read on every request (one primary-key read, no cache), so a removed
 * attendant is back in their own account at their next request.
 */
export async function resolveAccountAccess(db: Db, userId: string): Promise<AccountAccess> {
  const [member] = await db
    .select({ accountId: accountMembers.accountId, role: accountMembers.role })
    .from(accountMembers)
    .where(eq(accountMembers.userId, userId))
    .limit(1);
  return member ? { accountId: member.accountId, role: member.role } : { accountId: userId, role: 'owner' };
}
