import type { Team } from '@vendai/contracts/team';
import type { Db } from '../../db/client.ts';
import type { SessionUser } from '../../types.ts';
import { selectOpenInvitations, selectPeople } from './team-repository.ts';

/**
 * GET /api/team: the account's people (owner first) for the Equipe page, the assignment control and
 * the senders' names; the pending invitations only for the owner.
 */
export async function listTeam(db: Db, me: SessionUser): Promise<Team> {
  const { owner, members } = await selectPeople(db, me.id);
  const people = [
    ...(owner ? [{ ...owner, role: 'owner' as const }] : []),
    ...members.map((m) => ({ ...m, role: 'attendant' as const })),
  ];
  const invitations = me.role === 'owner' ? await selectOpenInvitations(db, me.id) : [];
  return {
    members: people.map((p) => ({ ...p, joinedAt: p.joinedAt.toISOString() })),
    invitations: invitations.map((i) => ({
      ...i,
      createdAt: i.createdAt.toISOString(),
      expiresAt: i.expiresAt.toISOString(),
    })),
  };
}
