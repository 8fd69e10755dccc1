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
  /** Accepting while one's own account still has a shop (numbers or agents): docs/decisions/051-verified-email-and-membership-end.md. */
  ownsShop:
    'Sua conta tem números de WhatsApp ou agentes de IA próprios, e eles parariam de ser atendidos por você se entrasse em outra equipe. ' +
    'Para aceitar, exclua antes os seus números (em "WhatsApp\'s") e os seus agentes (em "IA Treinamento"), ou exclua a sua conta em Configurações e crie outra com este e-mail.',
  /** An owner whose e-mail is not confirmed yet (docs/decisions/051-verified-email-and-membership-end.md). */
  inviteNeedsVerifiedEmail:
    'Confirme o seu e-mail antes de convidar pessoas: abra o link que enviamos para você ou use "Reenviar e-mail" no aviso no topo da página.',
  /** Production without SMTP_URL: the invitation cannot go by e-mail. */
  inviteWithoutMail:
    'O envio de e-mails não está configurado neste servidor, então o convite não pode ir por e-mail. Use "Copiar link" e envie o link você mesmo para a pessoa.',
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

/**
 * POST /api/team/invitations answers the new invitation with its link, once (only the code's hash is
 * stored): the owner may copy it and send it themselves ('Copiar link').
 */
export const createdInvitationSchema = invitationSchema.extend({
  link: z.string(),
  /** True when the link also went by e-mail; false for `delivery: 'link'`. */
  mailed: z.boolean(),
});
export type CreatedInvitation = z.infer<typeof createdInvitationSchema>;

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
  /** 'email' (default): the link goes by e-mail too; 'link': only made, for the owner to copy and send. */
  delivery: z.enum(['email', 'link']).default('email'),
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

/**
 * What the owner lets attendants do (docs/decisions/052-attendant-permissions-and-number-claims.md),
 * on Equipe. Each is off until the owner turns it on: each spends money, changes what customers are told
 * or undoes the owner's own organisation. Everything else an attendant does in the inbox stays open.
 */
export const ATTENDANT_PERMISSIONS = [
  'labels',
  'quickReplies',
  'approvalOverride',
  'marketingTemplates',
  'quotePricing',
] as const;
export type AttendantPermission = (typeof ATTENDANT_PERMISSIONS)[number];

export const attendantPermissionsSchema = z.object({
  /** Create, rename, recolour and delete the shop's labels (putting one on a conversation is always open). */
  labels: z.boolean(),
  /** Create, edit and delete the shop's quick replies (using one is always open). */
  quickReplies: z.boolean(),
  /** Switch 'Aprovação' off on a conversation (switching it on is always open). */
  approvalOverride: z.boolean(),
  /** Send Marketing templates on official-API numbers (Meta charges each; Utility ones are always open). */
  marketingTemplates: z.boolean(),
  /** 'Confirmar e cobrar' or 'Recusar' an order with an item 'sob consulta' (setting its price). */
  quotePricing: z.boolean(),
});
export type AttendantPermissions = z.infer<typeof attendantPermissionsSchema>;

/** A new account's attendants: none of the five. */
export const DEFAULT_ATTENDANT_PERMISSIONS: AttendantPermissions = {
  labels: false,
  quickReplies: false,
  approvalOverride: false,
  marketingTemplates: false,
  quotePricing: false,
};

/** PUT /api/team/permissions: any of the five; the ones left out keep their value. */
export const updateAttendantPermissionsSchema = attendantPermissionsSchema.partial();
export type UpdateAttendantPermissionsInput = z.infer<typeof updateAttendantPermissionsSchema>;

/** What Equipe shows for each one (title and what it allows), in this order. */
export const ATTENDANT_PERMISSION_TEXTS: Record<AttendantPermission, { title: string; detail: string }> = {
  labels: {
    title: 'Gerenciar etiquetas',
    detail:
      'Criar, renomear, mudar a cor e apagar as etiquetas da loja. Marcar e desmarcar conversas é sempre liberado.',
  },
  quickReplies: {
    title: 'Gerenciar respostas rápidas',
    detail: 'Criar, editar e apagar as respostas rápidas da loja. Usar uma resposta rápida é sempre liberado.',
  },
  approvalOverride: {
    title: 'Desligar a aprovação de respostas',
    detail: 'Desligar “Aprovação” numa conversa, para a IA responder direto sem você ver antes.',
  },
  marketingTemplates: {
    title: 'Enviar modelos de marketing',
    detail: 'Enviar modelos da categoria Marketing pela API oficial do WhatsApp. A Meta cobra cada envio.',
  },
  quotePricing: {
    title: 'Definir preço de pedidos sob consulta',
    detail: 'Confirmar e cobrar (com o valor que a pessoa definir) ou recusar um pedido com item sob consulta.',
  },
};

/** The 403 an attendant gets for something the owner has not allowed, and the web's explanation beside the control. */
export const PERMISSION_DENIED_MESSAGES: Record<AttendantPermission, string> = {
  labels: 'O dono da conta não liberou para atendentes criar, renomear ou apagar etiquetas.',
  quickReplies: 'O dono da conta não liberou para atendentes criar, editar ou apagar respostas rápidas.',
  approvalOverride: 'O dono da conta não liberou para atendentes desligar a aprovação de respostas.',
  marketingTemplates: 'O dono da conta não liberou para atendentes enviar modelos de marketing.',
  quotePricing: 'O dono da conta não liberou para atendentes definir o preço de pedidos sob consulta.',
};
