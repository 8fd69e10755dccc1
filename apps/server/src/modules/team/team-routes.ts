import { idParamsSchema, noContentSchema } from '@vendai/contracts';
import {
  acceptInvitationResultSchema,
  createdInvitationSchema,
  invitationCodeSchema,
  invitationPreviewSchema,
  inviteSchema,
  memberParamsSchema,
  TEAM_MESSAGES,
  teamSchema,
} from '@vendai/contracts/team';
import { notFound } from '../../lib/app-error.ts';
import { authRateLimit, sharedLimit, userRateLimit } from '../../plugins/rate-limits.ts';
import { OWNER_ONLY, requireUser } from '../../plugins/require-user.ts';
import type { FastifyPluginAsyncZod } from '../../plugins/route-schemas.ts';
import { acceptInvitation, previewInvitation } from './accept-invitation.ts';
import { inviteMember } from './invite-member.ts';
import { listTeam } from './list-team.ts';
import { removeMember } from './remove-member.ts';
import { revokeInvitationRow } from './team-repository.ts';

const INVITES_PER_HOUR = 30;
const ACCEPTS_PER_MINUTE = 10;

/**
 * /api/team (docs/decisions/044-team-roles-and-assignment.md): the people of the account (the whole
 * team reads it), the owner's invitations and removals, and accepting an invitation. The invitation's
 * preview by code answers signed out too (the /convite page).
 */
export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/invitations/by-code/:code',
    {
      config: authRateLimit(deps.env.AUTH_RATE_LIMIT_PER_MINUTE),
      schema: { params: invitationCodeSchema, response: { 200: invitationPreviewSchema } },
    },
    async (req) => previewInvitation(deps.db, req.params.code),
  );

  await app.register(signedInRoutes);
};

const signedInRoutes: FastifyPluginAsyncZod = async (signedIn) => {
  const { deps } = signedIn;
  requireUser(signedIn, 'team');

  signedIn.get('/', { schema: { response: { 200: teamSchema } } }, async (req) => listTeam(deps.db, req.user));

  // Any signed-in person may try: the service says why someone already in a team cannot.
  signedIn.post(
    '/invitations/accept',
    {
      // Code guesses: a few a minute per person.
      config: userRateLimit(ACCEPTS_PER_MINUTE),
      schema: { body: invitationCodeSchema, response: { 200: acceptInvitationResultSchema } },
    },
    async (req) => acceptInvitation(deps.db, req.user, req.body.code),
  );

  signedIn.post(
    '/invitations',
    {
      config: OWNER_ONLY,
      preHandler: sharedLimit(deps.rateLimits, {
        name: 'team-invite',
        max: INVITES_PER_HOUR,
        windowMs: 60 * 60 * 1000,
        subject: (req) => req.user.id,
        message: 'Muitos convites enviados na última hora. Tente novamente mais tarde.',
      }),
      schema: { body: inviteSchema, response: { 201: createdInvitationSchema } },
    },
    async (req, reply) => reply.status(201).send(await inviteMember(deps, req.user, req.body)),
  );

  signedIn.delete(
    '/invitations/:id',
    {
      config: OWNER_ONLY,
      schema: { params: idParamsSchema(TEAM_MESSAGES.invitationNotFound), response: { 204: noContentSchema } },
    },
    async (req, reply) => {
      if (!(await revokeInvitationRow(deps.db, req.user.id, req.params.id)))
        throw notFound(TEAM_MESSAGES.invitationNotFound);
      return reply.status(204).send();
    },
  );

  signedIn.delete(
    '/members/:userId',
    { config: OWNER_ONLY, schema: { params: memberParamsSchema, response: { 204: noContentSchema } } },
    async (req, reply) => {
      if (!(await removeMember(deps.db, req.user.id, req.params.userId))) throw notFound(TEAM_MESSAGES.memberNotFound);
      return reply.status(204).send();
    },
  );
};
