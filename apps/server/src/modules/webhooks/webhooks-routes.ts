import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { WEBHOOK_SECRET_HEADER } from '../../integrations/gateway/webhook-config.ts';
import { receiveGatewayEvent } from './receive-gateway-event.ts';
import { publishNumberUpdated } from '../../realtime/publish-number-updated.ts';

/** Webhook bodies carry media as base64 (webhook base64: true): well past the app's 1 MB default. */
const WEBHOOK_BODY_LIMIT = 64 * 1024 * 1024;

/**
 * POST /webhooks/gateway/:instance — and /:instance/:event, the path byEvents produces (contract §3.2).
 * Authenticated by the number's secret in the x-vendai-webhook-secret header, not by a session.
 * Answers 200 as soon as the event is stored; listeners run after the answer.
 */
export const webhooksRoutes: FastifyPluginAsync = async (app) => {
  const handler = async (req: FastifyRequest<{ Params: { instance: string; event?: string } }>) => {
    const { outcome, publish } = await receiveGatewayEvent({
      db: app.deps.db,
      instanceName: req.params.instance,
      secret: req.headers[WEBHOOK_SECRET_HEADER],
      body: req.body,
    });
    if (publish.length) {
      setImmediate(() => {
        for (const event of publish) void app.deps.gatewayEvents.publish(event);
        // realtime (issue 5 part B): a status change reaches the owner's open screens as number.updated.
        for (const event of publish) if (event.kind === 'connection') void publishNumberUpdated({ ...app.deps, log: req.log }, event.number.id);
      });
    }
    return { ok: true, outcome };
  };
  app.post('/:instance', { bodyLimit: WEBHOOK_BODY_LIMIT }, handler);
  app.post('/:instance/:event', { bodyLimit: WEBHOOK_BODY_LIMIT }, handler);
};
