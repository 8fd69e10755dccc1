import { z } from 'zod';

/**
 * The team of an account (docs/decisions/044-team-roles-and-assignment.md): the owner and the
 * attendants who answer in the inbox. Imported as '@vendai/contracts/team'.
 */
export const teamRoleSchema = z.enum(['owner', 'attendant']);
export type TeamRole = z.infer<typeof teamRoleSchema>;

/** The 403 an attendant gets on the owner's areas. */
export const OWNER_ONLY_MESSAGE = 'Esta área é só do dono da conta.';
/** How long an invitation link works. */
export const INVITATION_DAYS = 7;

export const TEAM_MESSAGES = {
  invitationUnknown: 'Este convite não existe. Peça um novo convite ao dono da conta.',
  invitationExpired: 'Este convite expirou. Peça um novo convite ao dono da conta.',
  invitationUsed: 'Este convite já foi usado.',
  invitationRevoked: 'Este convite foi cancelado. Peça um novo convite ao dono da conta.',
  wrongEmail: 'Este convite foi enviado para outro e-mail. Entre com o e-mail convidado.',
  hasMembers: 'Sua conta já tem uma equipe. Remova os membros da sua equipe antes de entrar em outra.',
  alreadyMember: 'Você já faz parte da equipe de outra conta.',
  ownEmail: 'Este é o seu próprio e-mail.',
  alreadyInTeam: 'Esta pessoa já faz parte da sua equipe.',
  invitationNotFound: 'Convite não encontrado.',
  memberNotFound: 'Membro não encontrado.',
  assigneeNotMember: 'Escolha uma pessoa da equipe.',
  inviteSent: 'Convite enviado.',
} as const;

/** A person of the team as the owner's Equipe page and the assignment control show them. */
export const teamMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: teamRoleSchema,
  /** When they joined (the owner: when the account was created). */
  joinedAt: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** GET /api/team: the people (owner first); the pending invitations only for the owner. */
export const teamSchema = z.object({
  members: z.array(teamMemberSchema),
  invitations: z.array(invitationSchema),
});
export type Team = z.infer<typeof teamSchema>;

/** POST /api/team/invitations. */
export const inviteSchema = z.object({
  email: z
    .string({ error: 'Informe o e-mail da pessoa.' })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'Informe um e-mail válido.' })),
});
export type InviteInput = z.infer<typeof inviteSchema>;

export const memberParamsSchema = z.object({ userId: z.string().min(1).max(200) });

/** The code from the e-mailed link `/convite?code=…`. */
export const invitationCodeSchema = z.object({
  code: z
    .string({ error: TEAM_MESSAGES.invitationUnknown })
    .trim()
    .min(1, { error: TEAM_MESSAGES.invitationUnknown })
    .max(200),
});

/** GET /api/team/invitations/by-code/:code (signed out too): what the /convite page shows. */
export const invitationPreviewSchema = z.object({
  status: z.enum(['valid', 'expired', 'used', 'revoked', 'unknown']),
  /** Only for a valid invitation. */
  email: z.string().nullable(),
  accountName: z.string().nullable(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** POST /api/team/invitations/accept. */
export const acceptInvitationResultSchema = z.object({ accountName: z.string() });

/** PUT /api/conversations/:id/assignee: a person of the team, or null ('Sem responsável'). */
export const assignConversationSchema = z.object({
  userId: z.string({ error: TEAM_MESSAGES.assigneeNotMember }).min(1).max(200).nullable(),
});
export type AssignConversationInput = z.infer<typeof assignConversationSchema>;

/** The conversation list's filter: 'Minhas', 'Sem responsável', 'Todas'. */
export const assignmentFilterSchema = z.enum(['mine', 'unassigned', 'all']);
export type AssignmentFilter = z.infer<typeof assignmentFilterSchema>;

/** GET /api/conversations?filter=: the list's assignment filter ('all' by default), beside the page's cursor. */
export const assignmentFilterQuerySchema = z.object({ filter: assignmentFilterSchema.optional() });
