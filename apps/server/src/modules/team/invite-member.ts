import { type CreatedInvitation, INVITATION_DAYS, type InviteInput, TEAM_MESSAGES } from '@vendai/contracts/team';
import { pgErrorCode } from '../../db/pg-error.ts';
import { teamSize } from '../../domain/team/membership.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AppDeps, SessionUser } from '../../types.ts';
import { hashInvitationCode, newInvitationCode } from './invitation-code.ts';
import { invitationLink, invitationMail } from './invitation-mail.ts';
import {
  countOpenInvitations,
  findMemberByEmail,
  insertInvitation,
  type InvitationRow,
  revokePendingInvitationTo,
} from './team-repository.ts';

/** People an account may have, the owner and the open invitations included. */
export const MAX_TEAM = 10;
export const TEAM_FULL_MESSAGE = `Sua equipe pode ter até ${MAX_TEAM} pessoas, contando os convites pendentes.`;
export const INVITE_MAIL_FAILED =
  'Não foi possível enviar o convite por e-mail. Tente novamente em instantes ou reenvie o convite.';

/**
 * POST /api/team/invitations: the owner invites an e-mail. A pending invitation to the same e-mail is
 * revoked in the same transaction (its link stops working); the new link goes by the mail port
 * (`delivery: 'email'`) and is answered to the owner either way, for 'Copiar link'. The owner must have
 * confirmed their e-mail, and production without SMTP refuses the e-mail delivery
 * (docs/decisions/051-verified-email-and-membership-end.md).
 */
export async function inviteMember(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'env'>,
  owner: SessionUser,
  input: InviteInput,
): Promise<CreatedInvitation> {
  const { db } = deps;
  const email = input.email;
  if (!owner.emailVerified) throw new AppError('FORBIDDEN', TEAM_MESSAGES.inviteNeedsVerifiedEmail);
  const mailed = input.delivery === 'email';
  // As a password reset does: the mail would only land in a table (docs/decisions/020-production-mode.md).
  if (mailed && deps.env.NODE_ENV === 'production' && deps.mailer.kind === 'outbox')
    throw new AppError('NOT_CONFIGURED', TEAM_MESSAGES.inviteWithoutMail);
  if (email === owner.email.toLowerCase())
    throw new AppError('VALIDATION', TEAM_MESSAGES.ownEmail, { fields: { email: TEAM_MESSAGES.ownEmail } });
  if (await findMemberByEmail(db, owner.id, email))
    throw new AppError('CONFLICT', TEAM_MESSAGES.alreadyInTeam, { fields: { email: TEAM_MESSAGES.alreadyInTeam } });
  const code = newInvitationCode();
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * 24 * 60 * 60 * 1000);
  let row: InvitationRow;
  try {
    row = await db.transaction(async (tx) => {
      await revokePendingInvitationTo(tx, owner.id, email);
      const open = await countOpenInvitations(tx, owner.id);
      if ((await teamSize(tx, owner.id)) + open >= MAX_TEAM) throw new AppError('LIMIT_REACHED', TEAM_FULL_MESSAGE);
      return insertInvitation(tx, {
        accountId: owner.id,
        email,
        codeHash: hashInvitationCode(code),
        invitedBy: owner.actorId,
        expiresAt,
      });
    });
  } catch (err) {
    // Two invitations to one e-mail at the same moment: the other one won.
    if (pgErrorCode(err) === '23505')
      throw new AppError('CONFLICT', 'Um convite para este e-mail acabou de ser enviado.');
    throw err;
  }
  if (mailed) {
    try {
      await deps.mailer.send(invitationMail({ appUrl: deps.env.appUrl, accountName: owner.name, to: email, code }));
    } catch (err) {
      throw new AppError('UPSTREAM', INVITE_MAIL_FAILED, { cause: err });
    }
  }
  return {
    id: row.id,
    email: row.email,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    link: invitationLink(deps.env.appUrl, code),
    mailed,
  };
}
