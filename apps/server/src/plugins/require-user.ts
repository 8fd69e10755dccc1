import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';

/** Resolves the session cookie to a user; null when signed out or the session expired. */
export async function readSessionUser(app: FastifyInstance, req: FastifyRequest) {
  const result = await app.deps.auth.api.getSession({ headers: fromNodeHeaders(req.headers) });
  if (!result) return null;
  return { id: result.user.id, name: result.user.name, email: result.user.email };
}

/**
 * Protects a route tree: called once per prefix, never repeated in handlers. Always at `preValidation`,
 * so a signed-out request is 401 before its params or body are checked against the route schema (no
 * schema probing without a session) and `req.user` is set before any `preHandler` (per-user rate limits).
 */
export function requireUser(scope: FastifyInstance): void {
  scope.addHook('preValidation', async (req: FastifyRequest) => {
    const user = await readSessionUser(scope, req);
    if (!user) throw new AppError('UNAUTHENTICATED');
    req.user = user;
  });
}
