import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics.ts';
import { observabilityRoutes } from './observability-routes.ts';

export { createAlarms, type Alarms, type AlarmKind } from './alarms.ts';
export { createMetrics } from './metrics.ts';
export { instrumentGateway, instrumentLlm } from './instrument.ts';
export { createPipelineTimer } from './pipeline-timer.ts';

/**
 * Metrics and readiness (docs/decisions/029-process-metrics-and-readiness.md). The webhook timing hook
 * is on the root instance so it sees the webhook module's routes.
 */
export async function registerObservability(app: FastifyInstance, metrics: Metrics): Promise<void> {
  app.addHook('onResponse', async (request, reply) => {
    if (request.routeOptions.url?.startsWith('/webhooks/')) {
      metrics.webhookAck.observe({ status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    }
  });
  await app.register(observabilityRoutes(metrics));
}
