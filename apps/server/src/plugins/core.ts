import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { trustedOrigins } from '../integrations/auth/create-auth.ts';
import { registerClientAddress } from './client-address.ts';
import { registerErrorHandler } from './error-handler.ts';
import { registerInputHardening } from './input-hardening.ts';
import { registerOriginGuard } from './origin-guard.ts';
import { registerPrivateResponses } from './private-responses.ts';
import { registerRequestDecompression } from './request-decompression.ts';
import { rateLimitStore } from './rate-limit-store.ts';
import { registerRouteSchemas } from './route-schemas.ts';
import { registerSecurityHeaders } from './security-headers.ts';

/**
 * What every route gets, registered on the root before any module (app.ts): security headers,
 * compressed answers (request bodies inflated only where a route opts in), cookies, the shared rate-limit store, websockets, the error handler, input hardening,
 * the Origin guard, private API answers and the route schemas with their OpenAPI document.
 */
export async function registerCorePlugins(app: FastifyInstance) {
  const { env } = app.deps;
  // Security headers (helmet, CSP) in their own plugin: plugins/security-headers.ts.
  await registerSecurityHeaders(app, env);
  // Request bodies are never inflated unless a route opts in with limits (registered first: it turns
  // @fastify/compress's request decompression off on every route; docs/decisions/049-request-cost-before-auth.md).
  registerRequestDecompression(app);
  // JSON answers and the SPA's HTML over 1 KB are compressed (br, else gzip); built assets are served
  // precompressed (.br/.gz made by the web build, plugins/web-app.ts).
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(cookie);
  // Per-address limits key on req.clientAddress: an IPv6 client's /64 (RATE_LIMIT_IPV6_PREFIX) is one address.
  registerClientAddress(app, env.RATE_LIMIT_IPV6_PREFIX);
  // Route limits count in PostgreSQL, shared by every process (plugins/rate-limit-store.ts).
  await app.register(rateLimit, {
    global: false,
    store: rateLimitStore(app.deps.rateLimits),
    keyGenerator: (req) => req.clientAddress,
  });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  registerErrorHandler(app);
  // For every route present and future (docs/decisions/010-input-hardening.md): bounded, storable JSON and paths; no cross-site
  // state changes; no caching of API answers.
  registerInputHardening(app);
  registerOriginGuard(app, trustedOrigins(env));
  registerPrivateResponses(app);
  await registerRouteSchemas(app, { exposeDocument: env.NODE_ENV !== 'production' });
}
