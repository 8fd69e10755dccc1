import { timingSafeEqual } from 'node:crypto';
import { readySchema } from '@vendai/contracts';
import { z } from 'zod';
import { AppError } from '../lib/app-error.ts';
import type { FastifyPluginAsyncZod } from '../plugins/route-schemas.ts';
import { checkReadiness } from './check-readiness.ts';
import type { Metrics } from './metrics.ts';

/**
 * GET /metrics (Prometheus text, behind METRICS_TOKEN) and GET /api/ready (database, migrations,
 * gateway). GET /api/health stays the liveness probe (plugins/app-info-routes.ts).
 */
export function observabilityRoutes(metrics: Metrics): FastifyPluginAsyncZod {
  return async (app) => {
    const { env, database, gateway } = app.deps;

    app.get('/metrics', { schema: { response: { 200: z.string() } } }, async (request, reply) => {
      const token = env.METRICS_TOKEN;
      // Without a token the series stay private in production: the route does not exist there.
      if (!token && env.NODE_ENV === 'production') throw new AppError('NOT_FOUND');
      if (token && !sameToken(request.headers.authorization, token)) throw new AppError('UNAUTHENTICATED');
      const text = await metrics.registry.metrics();
      return reply.type(metrics.registry.contentType).send(text);
    });

    app.get('/api/ready', { schema: { response: { 200: readySchema, 503: readySchema } } }, async (_request, reply) => {
      const ready = await checkReadiness({ database, gateway, env });
      if (!ready.ready) app.log.warn({ checks: ready.checks }, 'not ready');
      return reply.code(ready.ready ? 200 : 503).send(ready);
    });
  };
}

function sameToken(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, '') ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
