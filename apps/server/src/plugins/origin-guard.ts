import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';

export const FOREIGN_ORIGIN_MESSAGE = 'Origem da requisição não permitida.';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Paths whose state-changing requests must come from the app's own pages: the API (cookie session)
 * and the simulator's page API (same-origin by nature: only /simulador calls it). Webhooks
 * (/webhooks/…) are called by servers, authenticated by their secret or signature, and exempt.
 */
export function isOriginGuardedPath(url: string): boolean {
  return url.startsWith('/api/') || url.startsWith('/simulator/ui-api/');
}

/**
 * The path the router matches, not the one as sent: the router %-decodes it, so `/%61pi/agents` reaches
 * `/api/agents` and must be judged as that. A path that does not decode is judged as sent.
 */
export function normalizedPath(url: string): string {
  const path = url.split('?', 1)[0]!;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * Cross-site request forgery guard for every route, present and future (docs/decisions/010-input-hardening.md): a POST, PUT,
 * PATCH or DELETE to a guarded path whose `Origin` header is not one the app trusts (APP_URL and
 * TRUSTED_ORIGINS, the list better-auth uses) — `Origin: null` included — is refused with 403 before
 * routing hooks, authentication or the body are looked at. The path is judged as the router reads it
 * (%-decoded: `/%61pi/…` is `/api/…`). A request without `Origin` (curl, the
 * server-side gateway) passes: browsers send it on every cross-site state-changing request.
 */
export function registerOriginGuard(app: FastifyInstance, trustedOrigins: readonly string[]) {
  const trusted = new Set(trustedOrigins);
  const routes: RegisteredRoute[] = [];
  registeredRoutes.set(app, routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
  app.addHook('onRequest', async (req) => {
    if (!STATE_CHANGING.has(req.method)) return;
    const origin = req.headers.origin;
    if (origin === undefined || trusted.has(origin)) return;
    // The matched route's pattern when there is one, else the decoded path (see normalizedPath).
    const route = req.routeOptions.url;
    if (!isOriginGuardedPath(normalizedPath(req.url)) && !(route && isOriginGuardedPath(route))) return;
    throw new AppError('FORBIDDEN', FOREIGN_ORIGIN_MESSAGE);
  });
}

export interface RegisteredRoute {
  method: string;
  url: string;
}
const registeredRoutes = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/** Every route registered after the guard (all of the app's): tests enumerate them. */
export function listRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  return registeredRoutes.get(app) ?? [];
}

/** The routes the guard covers: state-changing methods under a guarded path. */
export function listGuardedRoutes(app: FastifyInstance): RegisteredRoute[] {
  return listRoutes(app).filter((r) => STATE_CHANGING.has(r.method) && isOriginGuardedPath(r.url));
}
