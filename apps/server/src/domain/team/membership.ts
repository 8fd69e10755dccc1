import type { Db } from '../../db/client.ts';
import { countMembers, isMemberOf, selectMembership } from './membership-repository.ts';

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
export async function resolveAccountAccess(db: Db, memberId: string): Promise<AccountAccess> {
  const member = await selectMembership(db, memberId);
  return member ? { accountId: member.accountId, role: member.role } : { accountId: memberId, role: 'owner' };
}

/** People in the account, the owner included (the chat names senders when there are more than one). */
export async function teamSize(db: Db, accountId: string): Promise<number> {
  return 1 + (await countMembers(db, accountId));
}

/** True when `memberId` is the account's owner or one of its members (whom a conversation can be assigned to). */
export async function isPersonOfAccount(db: Db, accountId: string, memberId: string): Promise<boolean> {
  if (memberId === accountId) return true;
  return isMemberOf(db, accountId, memberId);
}
