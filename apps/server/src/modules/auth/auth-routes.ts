import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import {
  authRateLimit,
  bodyEmail,
  createFailureLimiter,
  sharedLimit,
  SIGN_IN_FAILURE_WINDOW_MS,
} from '../../plugins/rate-limits.ts';
import { translateAuthError } from '../../integrations/auth/auth-messages.ts';

const RESET_WITHOUT_MAIL =
  'A recuperação de senha por e-mail não está disponível neste servidor (o envio de e-mails não foi configurado). ' +
  'Fale com o suporte para recuperar o acesso.';

const DAY_MS = 24 * 60 * 60 * 1000;

export const PASSWORD_RESETS_LIMITED_MESSAGE =
  'Já enviamos vários e-mails de redefinição de senha para este endereço hoje. Confira a caixa de entrada e o spam, ou tente novamente amanhã.';

/**
 * Mounts better-auth under /api/auth: each request becomes a fetch Request, the Response's headers
 * (several set-cookie) are copied back, and error bodies are re-written in Portuguese.
 */
export const authRoutes: FastifyPluginAsync = async (app) => {
  const { auth, env, mailer, rateLimits } = app.deps;

  /** `beforeAnswer` runs once better-auth answered and before the client hears it (counts land first). */
  async function forward(req: FastifyRequest, reply: FastifyReply, beforeAnswer?: (status: number) => Promise<void>) {
    const url = new URL(req.url, env.appUrl);
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers)) {
      if (value === undefined) continue;
      headers.set(key, Array.isArray(value) ? value.join(', ') : value);
    }
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && req.body !== undefined;
    const response = await auth.handler(
      new Request(url, { method: req.method, headers, body: hasBody ? JSON.stringify(req.body) : undefined }),
    );
    await beforeAnswer?.(response.status);
    reply.status(response.status);
    response.headers.forEach((value, key) => {
      if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length) reply.header('set-cookie', cookies);
    const text = await response.text();
    if (response.status < 400) return reply.send(text || null);
    let code: string | undefined;
    try {
      code = (JSON.parse(text) as { code?: string }).code;
    } catch {
      code = undefined;
    }
    req.log.info({ status: response.status, code, body: text.slice(0, 200) }, 'auth request refused');
    const translated = translateAuthError(response.status, code);
    return reply.type('application/json').send({ error: translated });
  }

  // Per client address, across e-mails: wrong sign-ins beyond the cap in the window → 429.
  const signInFailures = createFailureLimiter(rateLimits, {
    name: 'sign-in-failures',
    max: env.AUTH_SIGN_IN_FAILURES_PER_IP,
    windowMs: SIGN_IN_FAILURE_WINDOW_MS,
  });
  async function signIn(req: FastifyRequest, reply: FastifyReply) {
    if (await signInFailures.isBlocked(req.clientAddress)) throw new AppError('RATE_LIMITED');
    return forward(req, reply, async (status) => {
      if (status === 401) await signInFailures.recordFailure(req.clientAddress);
    });
  }
  // Reset e-mails per e-mail address per day, whoever asks: nobody's mailbox is flooded through us.
  const resetsPerEmail = sharedLimit(rateLimits, {
    name: 'password-reset-email',
    max: env.PASSWORD_RESETS_PER_EMAIL_PER_DAY,
    windowMs: DAY_MS,
    subject: bodyEmail,
    message: PASSWORD_RESETS_LIMITED_MESSAGE,
  });

  // Production without SMTP_URL: the link would have nowhere to go but a log or a table, so no reset
  // is sent at all (docs/decisions/020-production-mode.md).
  async function refuseResetWithoutMail(req: FastifyRequest) {
    if (env.NODE_ENV !== 'production' || mailer.kind !== 'outbox') return;
    req.log.error('password reset refused: SMTP_URL is not set in production, so no reset mail can be sent');
    throw new AppError('NOT_CONFIGURED', RESET_WITHOUT_MAIL);
  }

  // All counted in PostgreSQL, across processes (docs/decisions/021-spend-and-abuse-limits.md).
  const limited = { config: authRateLimit(env.AUTH_RATE_LIMIT_PER_MINUTE) };
  app.post('/sign-in/email', limited, signIn);
  app.post('/request-password-reset', { ...limited, preHandler: [refuseResetWithoutMail, resetsPerEmail] }, forward);
  app.post('/reset-password', limited, forward);
  // A signed-in session checking or changing its password: as many tries as a sign-in, no more.
  app.post('/change-password', limited, forward);
  app.post('/verify-password', limited, forward);
  app.route({ method: ['GET', 'POST'], url: '/*', handler: forward });
};
