import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { authRateLimit, createFailureLimiter, SIGN_IN_FAILURE_WINDOW_MS } from '../../plugins/rate-limits.ts';
import { translateAuthError } from '../../integrations/auth/auth-messages.ts';

/**
 * Mounts better-auth under /api/auth: each request becomes a fetch Request, the Response's headers
 * (several set-cookie) are copied back, and error bodies are re-written in Portuguese.
 */
export const authRoutes: FastifyPluginAsync = async (app) => {
  const { auth, env } = app.deps;

  async function forward(req: FastifyRequest, reply: FastifyReply) {
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

  // Per client address, across e-mails: wrong sign-ins beyond the cap in the window → 429 (issue 13).
  const signInFailures = createFailureLimiter({
    max: env.AUTH_SIGN_IN_FAILURES_PER_IP,
    windowMs: SIGN_IN_FAILURE_WINDOW_MS,
  });
  async function signIn(req: FastifyRequest, reply: FastifyReply) {
    if (signInFailures.isBlocked(req.ip)) throw new AppError('RATE_LIMITED');
    await forward(req, reply);
    if (reply.statusCode === 401) signInFailures.recordFailure(req.ip);
    return reply;
  }

  const limited = { config: authRateLimit(env.AUTH_RATE_LIMIT_PER_MINUTE) };
  app.post('/sign-in/email', limited, signIn);
  app.post('/request-password-reset', limited, forward);
  app.post('/reset-password', limited, forward);
  app.route({ method: ['GET', 'POST'], url: '/*', handler: forward });
};
