import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accountInvitations, accountMembers, user } from '../../db/schema/index.ts';

/**
 * 'Exportar meus dados': the account's team (docs/decisions/044-team-roles-and-assignment.md) — the
 * attendants with their e-mail and since when, every invitation sent (never its link), and the team
 * this person is an attendant of, if any.
 */
export async function readTeam(db: Db, memberId: string) {
  const [attendants, invitations, memberOf] = await Promise.all([
    db
      .select({ name: user.name, email: user.email, since: accountMembers.createdAt })
      .from(accountMembers)
      .innerJoin(user, eq(user.id, accountMembers.userId))
      .where(eq(accountMembers.accountId, memberId))
      .orderBy(asc(accountMembers.createdAt)),
    db
      .select({
        email: accountInvitations.email,
        sentAt: accountInvitations.createdAt,
        expiresAt: accountInvitations.expiresAt,
        acceptedAt: accountInvitations.acceptedAt,
        revokedAt: accountInvitations.revokedAt,
      })
      .from(accountInvitations)
      .where(eq(accountInvitations.accountId, memberId))
      .orderBy(asc(accountInvitations.createdAt)),
    db
      .select({ owner: user.name, since: accountMembers.createdAt })
      .from(accountMembers)
      .innerJoin(user, eq(user.id, accountMembers.accountId))
      .where(eq(accountMembers.userId, memberId)),
  ]);
  return { attendants, invitations, attendantOf: memberOf[0] ?? null };
}
