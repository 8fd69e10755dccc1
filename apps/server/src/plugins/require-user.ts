import { fromNodeHeaders } from 'better-auth/node';
import { type AttendantPermission, OWNER_ONLY_MESSAGE } from '@vendai/contracts/team';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import { resolveAccountAccess } from '../domain/team/membership.ts';
import { assertMayDo } from '../domain/team/permissions.ts';
import { AppError } from '../lib/app-error.ts';
import type { SessionUser } from '../types.ts';

/**
 * Route option for a route that stays the owner's inside a module opened to the team:
 * `{ config: OWNER_ONLY }` (or `{ config: { ...OWNER_ONLY, ...userRateLimit(n) } }`).
 */
export const OWNER_ONLY = { ownerOnly: true } as const satisfies FastifyContextConfig;

/**
 * Route option for a read the inbox needs inside an owner's module (the numbers and agents lists, the
 * AI usage counter): `{ config: OPEN_TO_TEAM }` lets attendants in too.
 */
export const OPEN_TO_TEAM = { openToTeam: true } as const satisfies FastifyContextConfig;

/**
 * Route option for a route of the team that an attendant may use only when the owner allowed it on
 * Equipe (docs/decisions/052-attendant-permissions-and-number-claims.md): `{ config: needsPermission('labels') }`.
 * The owner always may; an attendant without it gets 403 with the permission's Portuguese reason.
 */
export const needsPermission = (permission: AttendantPermission) => ({ permission }) satisfies FastifyContextConfig;

/** Who may use a route tree: only the account's owner (the default) or the whole team. */
export type RouteAudience = 'owner' | 'team';

/**
 * Resolves the session cookie to the person and the account they act on; null when signed out or the
 * session expired. `id` is the account (the owner's user id, which every query scopes by), `actorId` the
 * person signed in, `role` theirs in that account.
 */
export async function readSessionUser(app: FastifyInstance, req: FastifyRequest): Promise<SessionUser | null> {
  const result = await app.deps.auth.api.getSession({ headers: fromNodeHeaders(req.headers) });
  if (!result) return null;
  const access = await resolveAccountAccess(app.deps.db, result.user.id);
  return {
    id: access.accountId,
    actorId: result.user.id,
    role: access.role,
    name: result.user.name,
    email: result.user.email,
    emailVerified: result.user.emailVerified,
  };
}

/**
 * Protects a route tree: called once per prefix, never repeated in handlers. Always at `onRequest`, so a
 * signed-out request is 401 before a byte of its body is read, let alone inflated or parsed
 * (docs/decisions/049-request-cost-before-auth.md), before its params or body are checked against the
 * route schema (no schema probing without a session), and `req.user` is set before any `preHandler`
 * (per-user rate limits).
 *
 * Owner-only by default: an attendant gets 403 OWNER_ONLY_MESSAGE. A module the team uses says
 * `requireUser(scope, 'team')`; a route of it that stays the owner's says `config: OWNER_ONLY`, and a
 * route of an owner's module the team needs to read says `config: OPEN_TO_TEAM`; a route an attendant
 * may use only with the owner's leave says `config: needsPermission(…)`.
 */
export function requireUser(scope: FastifyInstance, audience: RouteAudience = 'owner'): void {
  scope.addHook('onRequest', async (req: FastifyRequest) => {
    const user = await readSessionUser(scope, req);
    if (!user) throw new AppError('UNAUTHENTICATED');
    req.user = user;
    const { config } = req.routeOptions;
    const ownerOnly = (audience === 'owner' && config.openToTeam !== true) || config.ownerOnly === true;
    if (ownerOnly && user.role !== 'owner') throw new AppError('FORBIDDEN', OWNER_ONLY_MESSAGE);
    if (config.permission) await assertMayDo(scope.deps.db, user, config.permission);
  });
}
