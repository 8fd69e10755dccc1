import { fromNodeHeaders } from 'better-auth/node';
import {
  confirmEmailResultSchema,
  confirmEmailSchema,
  meSchema,
  registerResultSchema,
  registerSchema,
  resetLinkParamsSchema,
  resendVerificationResultSchema,
  resetLinkStatusSchema,
  sessionSchema,
} from '@vendai/contracts';
import { authRateLimit, sharedLimit } from '../../plugins/rate-limits.ts';
import { readSessionUser, requireUser } from '../../plugins/require-user.ts';
import type { FastifyPluginAsyncZod } from '../../plugins/route-schemas.ts';
import {
  confirmEmail,
  resendVerification,
  VERIFICATION_RESENDS_LIMITED_MESSAGE,
  VERIFICATION_RESENDS_PER_HOUR,
} from './email-verification.ts';
import { getMe } from './get-me.ts';
import { getResetLinkStatus } from './get-reset-link-status.ts';
import { registerAccount } from './register-account.ts';

export const SIGN_UPS_LIMITED_MESSAGE =
  'Muitos cadastros feitos a partir desta rede na última hora. Tente novamente mais tarde.';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post(
    '/register',
    {
      config: authRateLimit(deps.env.AUTH_RATE_LIMIT_PER_MINUTE),
      // Sign-ups per client address per hour, across processes (docs/decisions/021-spend-and-abuse-limits.md).
      preHandler: sharedLimit(deps.rateLimits, {
        name: 'sign-up',
        max: deps.env.SIGN_UPS_PER_ADDRESS_PER_HOUR,
        windowMs: 60 * 60 * 1000,
        subject: (req) => req.clientAddress,
        message: SIGN_UPS_LIMITED_MESSAGE,
      }),
      schema: { body: registerSchema, response: { 201: registerResultSchema } },
    },
    async (req, reply) => {
      const { user, cookies } = await registerAccount({
        deps,
        input: req.body,
        headers: fromNodeHeaders(req.headers),
        log: req.log,
      });
      reply.header('set-cookie', cookies);
      return reply.status(201).send({ user });
    },
  );

  app.get(
    '/password-reset/:code',
    { schema: { params: resetLinkParamsSchema, response: { 200: resetLinkStatusSchema } } },
    async (req) => ({
      status: await getResetLinkStatus(deps.auth, req.params.code),
    }),
  );

  // The web app's session probe (guards, /login, /register): signed out is an answer, not an error.
  app.get('/session', { schema: { response: { 200: sessionSchema } } }, async (req) => {
    const user = await readSessionUser(app, req);
    return { me: user ? await getMe(deps.db, user) : null };
  });

  // The e-mailed link's page confirms with a POST (signed in or not): a scanner opening the link does nothing.
  app.post(
    '/email-verification/confirm',
    {
      config: authRateLimit(deps.env.AUTH_RATE_LIMIT_PER_MINUTE),
      schema: { body: confirmEmailSchema, response: { 200: confirmEmailResultSchema } },
    },
    async (req) => confirmEmail(deps, req.body.code),
  );

  app.register(async (signedIn) => {
    requireUser(signedIn, 'team');
    signedIn.get('/me', { schema: { response: { 200: meSchema } } }, async (req) => getMe(deps.db, req.user));
    // 'Reenviar e-mail' on the banner: to the person's own address only, a few an hour, across processes.
    signedIn.post(
      '/email-verification',
      {
        preHandler: sharedLimit(deps.rateLimits, {
          name: 'verify-email-resend',
          max: VERIFICATION_RESENDS_PER_HOUR,
          windowMs: 60 * 60 * 1000,
          subject: (req) => req.user.actorId,
          message: VERIFICATION_RESENDS_LIMITED_MESSAGE,
        }),
        schema: { response: { 200: resendVerificationResultSchema } },
      },
      async (req) => resendVerification(deps, req.user, fromNodeHeaders(req.headers)),
    );
  });
};
