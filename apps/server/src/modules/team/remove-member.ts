import type { Db } from '../../db/client.ts';
import { notifyInTransaction } from '../../realtime/notify-in-transaction.ts';
import { deleteMember } from './team-repository.ts';

/**
 * DELETE /api/team/members/:userId: the membership ends at once (docs/decisions/051-verified-email-and-membership-end.md).
 * In one transaction: the membership row, their assignments, agents handing off to them, every session
 * of theirs (their next request is a 401) and a `member.removed` NOTIFY that closes their sockets in
 * every process before any later event of the account reaches them. False when they are not a member.
 */
export async function removeMember(db: Db, accountId: string, memberId: string): Promise<boolean> {
  return deleteMember(db, accountId, memberId, (tx) =>
    notifyInTransaction(tx, accountId, { event: 'member.removed', data: { userId: memberId } }),
  );
}
