import { publishEngineEvents } from '../../domain/engine-events/event-job.ts';
import type { FastifyRequest } from 'fastify';
import { gatewayWebhookAckSchema, gatewayWebhookBodySchema, gatewayWebhookParamsSchema } from '@vendai/contracts';
import type { FastifyPluginAsyncZod } from '../../plugins/route-schemas.ts';
import { WEBHOOK_SECRET_HEADER } from '../../integrations/gateway/webhook-config.ts';
import { authenticateWebhook } from './authenticate-webhook.ts';
import { createGatewayEventStore } from './gateway-event-store.ts';
import { createNumberCache } from './number-cache.ts';
import { receiveGatewayEvent } from './receive-gateway-event.ts';
import { findNumberByInstance, type WebhookNumber } from './webhooks-repository.ts';
import { publishNumberUpdated } from '../../realtime/publish-number-updated.ts';

/** Webhook bodies carry media as base64 (webhook base64: true): well past the app's 1 MB default. */
const WEBHOOK_BODY_LIMIT = 64 * 1024 * 1024;

/**
 * POST /webhooks/gateway/:instance — and /:instance/:event, the path byEvents produces (docs/evolution-api-contract.md#32-routing-byevents-global-vs-instance-retries).
 * Authenticated by the number's secret in the x-vendai-webhook-secret header, not by a session, in
 * onRequest: an unknown instance or a wrong secret is answered 401 before any byte of the body is
 * read, and bodies are never decompressed (the gateway posts plain JSON), so a compressed bomb costs
 * nothing (docs/decisions/026-app-plugins-and-webhook-auth.md).
 * Answers 200 as soon as the event is stored; listeners run after the answer.
 * The number cache and the group-commit store belong to this app instance (one per process).
 */
export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const numbers = createNumberCache({ load: (instanceName) => findNumberByInstance(db, instanceName) });
  const events = createGatewayEventStore(app.deps.database, { log: app.log });
  // Requests awaiting a batch are still open, so this is normally instant; it keeps a closing app
  // from pulling the database away under a statement in flight.
  app.addHook('onClose', () => events.drain());

  const authenticated = new WeakMap<FastifyRequest, { number: WebhookNumber; receivedAt: Date }>();
  app.addHook('onRequest', async (req: FastifyRequest<{ Params: { instance: string } }>) => {
    // The moment the event arrived: the engine's quiet windows count from it.
    const receivedAt = new Date();
    const number = await authenticateWebhook({
      numbers,
      instanceName: req.params.instance,
      secret: req.headers[WEBHOOK_SECRET_HEADER],
    });
    authenticated.set(req, { number, receivedAt });
  });

  const handler = async (req: FastifyRequest<{ Params: { instance: string; event?: string } }>) => {
    const length = Number(req.headers['content-length']);
    const { outcome, dispatch } = await receiveGatewayEvent({
      db,
      numbers,
      events,
      ...authenticated.get(req)!,
      body: req.body,
      bodyBytes: Number.isFinite(length) && length > 0 ? length : undefined,
    });
    if (dispatch.length) {
      setImmediate(() => {
        for (const event of dispatch) void app.deps.gatewayEvents.dispatch(event);
        // realtime (docs/decisions/005-conversation-engine.md): a status change reaches the owner's open screens as number.updated.
        for (const event of dispatch)
          if (event.kind === 'connection') void publishNumberUpdated({ ...app.deps, log: req.log }, event.number.id);
        // A number that went down is an engine event (docs/decisions/060-events-features-listen.md): the
        // members' phones hear of it (docs/decisions/067-web-push.md).
        for (const event of dispatch)
          if (event.kind === 'connection' && event.status === 'DESCONECTADO')
            void publishEngineEvents(
              { ...app.deps, log: req.log },
              {
                key: `number-down:${event.number.id}:${Date.now()}`,
                afterBurst: null,
                events: [
                  { name: 'number.disconnected', payload: { userId: event.number.userId, numberId: event.number.id } },
                ],
              },
            );
      });
    }
    return { ok: true, outcome };
  };
  // Machine traffic at up to hundreds per second: no browser security headers (helmet) to compute,
  // and no two log lines per request at info level (failures are still logged as warnings/errors).
  // The body schema accepts any shape (receiveGatewayEvent reads it and ignores what it does not know):
  // declared for the OpenAPI document, it costs no parsing on the hot path.
  const schema = {
    params: gatewayWebhookParamsSchema,
    body: gatewayWebhookBodySchema,
    response: { 200: gatewayWebhookAckSchema },
  };
  const options = {
    bodyLimit: WEBHOOK_BODY_LIMIT,
    decompress: false,
    helmet: false,
    logLevel: 'warn',
    schema,
  } as const;
  app.post('/:instance', options, handler);
  app.post('/:instance/:event', options, handler);
};
