import { timingSafeEqual } from 'node:crypto';
import { readySchema } from '@vendai/contracts';
import { z } from 'zod';
import { isLoopbackHost } from '../config/start-rules.ts';
import { AppError } from '../lib/app-error.ts';
import type { FastifyPluginAsyncZod } from '../plugins/route-schemas.ts';
import { createReadinessCheck } from './check-readiness.ts';
import type { Metrics } from './metrics.ts';

/**
 * GET /metrics (Prometheus text, behind METRICS_TOKEN; without one, only for this machine outside
 * production and absent in production) and GET /api/ready (database, migrations, gateway). GET
 * /api/health stays the liveness probe (plugins/app-info-routes.ts).
 */
export function observabilityRoutes(metrics: Metrics): FastifyPluginAsyncZod {
  return async (app) => {
    const { env, database, gateway } = app.deps;
    const checkReadiness = createReadinessCheck({ database, gateway, env });

    app.get('/metrics', { schema: { response: { 200: z.string() } } }, async (request, reply) => {
      const token = env.METRICS_TOKEN;
      // Without a token the series stay private: the route does not exist in production, nor for a
      // client other than this machine elsewhere (the client's address: behind a trusted proxy, the
      // one it forwards; docs/decisions/049-request-cost-before-auth.md).
      if (!token && (env.NODE_ENV === 'production' || !isLoopbackHost(request.ip.replace(/^::ffff:/i, ''))))
        throw new AppError('NOT_FOUND');
      if (token && !sameToken(request.headers.authorization, token)) throw new AppError('UNAUTHENTICATED');
      const text = await metrics.registry.metrics();
      return reply.type(metrics.registry.contentType).send(text);
    });

    app.get('/api/ready', { schema: { response: { 200: readySchema, 503: readySchema } } }, async (_request, reply) => {
      const ready = await checkReadiness();
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
