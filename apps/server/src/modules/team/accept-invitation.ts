import { type InvitationPreview, TEAM_MESSAGES } from '@vendai/contracts/team';
import { notifyInTransaction } from '../../realtime/notify-in-transaction.ts';
import type { Db } from '../../db/client.ts';
import { pgErrorCode } from '../../db/pg-error.ts';
import { teamSize } from '../../domain/team/membership.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SessionUser } from '../../types.ts';
import { hashInvitationCode } from './invitation-code.ts';
import { quotedAccountName } from './account-name-text.ts';
import { findInvitationByHash, insertMember, ownsShop, takeInvitation } from './team-repository.ts';

type Found = NonNullable<Awaited<ReturnType<typeof findInvitationByHash>>>;

function statusOf(found: Found | null): InvitationPreview['status'] {
  if (!found) return 'unknown';
  if (found.invitation.acceptedAt) return 'used';
  if (found.invitation.revokedAt) return 'revoked';
  if (found.expired) return 'expired';
  return 'valid';
}

const REFUSAL: Record<Exclude<InvitationPreview['status'], 'valid'>, string> = {
  unknown: TEAM_MESSAGES.invitationUnknown,
  used: TEAM_MESSAGES.invitationUsed,
  revoked: TEAM_MESSAGES.invitationRevoked,
  expired: TEAM_MESSAGES.invitationExpired,
};

/** GET /api/team/invitations/by-code/:code (signed out too): what the /convite page says before accepting. */
export async function previewInvitation(db: Db, code: string): Promise<InvitationPreview> {
  const found = await findInvitationByHash(db, hashInvitationCode(code));
  const status = statusOf(found);
  return status === 'valid'
    ? { status, email: found!.invitation.email, accountName: quotedAccountName(found!.accountName) }
    : { status, email: null, accountName: null };
}

/**
 * POST /api/team/invitations/accept: the signed-in person joins the account as an attendant. The code
 * is single use (the accepting update is conditional, so two tabs cannot both use it), the person's
 * e-mail must be the invited one, and someone with a team of their own or already in another team
 * cannot join (docs/decisions/044-team-roles-and-assignment.md), nor someone whose own account has a
 * number or an agent (docs/decisions/051-verified-email-and-membership-end.md).
 */
export async function acceptInvitation(db: Db, person: SessionUser, code: string): Promise<{ accountName: string }> {
  const found = await findInvitationByHash(db, hashInvitationCode(code));
  const status = statusOf(found);
  if (status !== 'valid') throw new AppError('INVALID_TOKEN', REFUSAL[status]);
  const { invitation, accountName } = found!;
  if (invitation.email !== person.email.toLowerCase()) throw new AppError('FORBIDDEN', TEAM_MESSAGES.wrongEmail);
  if (person.role !== 'owner') throw new AppError('CONFLICT', TEAM_MESSAGES.alreadyMember);
  if (person.actorId === invitation.accountId) throw new AppError('VALIDATION', TEAM_MESSAGES.ownEmail);
  if ((await teamSize(db, person.actorId)) > 1) throw new AppError('CONFLICT', TEAM_MESSAGES.hasMembers);
  // Joining would hide that shop's inbox while its number keeps answering with its AI
  // (docs/decisions/051-verified-email-and-membership-end.md).
  if (await ownsShop(db, person.actorId)) throw new AppError('CONFLICT', TEAM_MESSAGES.ownsShop);
  try {
    await db.transaction(async (tx) => {
      if (!(await takeInvitation(tx, invitation.id, person.actorId)))
        throw new AppError('INVALID_TOKEN', TEAM_MESSAGES.invitationUsed);
      await insertMember(tx, invitation.accountId, person.actorId);
      // The account's open pages (the owner's inbox: 'Responsável', the queues) learn of the new person live.
      await notifyInTransaction(tx, invitation.accountId, { event: 'member.joined', data: { userId: person.actorId } });
    });
  } catch (err) {
    if (pgErrorCode(err) === '23505') throw new AppError('CONFLICT', TEAM_MESSAGES.alreadyMember);
    throw err;
  }
  return { accountName };
}
