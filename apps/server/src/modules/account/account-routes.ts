import type { FastifyPluginAsync } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { registerSchema } from '@vendai/contracts';
import { validate } from '../../lib/validate.ts';
import { authRateLimit } from '../../plugins/rate-limits.ts';
import { requireUser } from '../../plugins/require-user.ts';
import { getMe } from './get-me.ts';
import { getResetLinkStatus } from './get-reset-link-status.ts';
import { registerAccount } from './register-account.ts';

export const accountRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;

  app.post('/register', { config: authRateLimit(deps.env.AUTH_RATE_LIMIT_PER_MINUTE) }, async (req, reply) => {
    const input = validate(registerSchema, req.body);
    const { user, cookies } = await registerAccount({ deps, input, headers: fromNodeHeaders(req.headers), log: req.log });
    reply.header('set-cookie', cookies);
    return reply.status(201).send({ user });
  });

  app.get<{ Params: { code: string } }>('/password-reset/:code', async (req) => ({
    status: await getResetLinkStatus(deps.auth, req.params.code),
  }));

  app.register(async (signedIn) => {
    signedIn.addHook('preHandler', requireUser(app));
    signedIn.get('/me', async (req) => getMe(deps.db, req.user.id));
  });
};
