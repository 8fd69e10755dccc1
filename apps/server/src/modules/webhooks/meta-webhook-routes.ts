import { publishEngineEvents } from '../../domain/engine-events/event-job.ts';
import type { FastifyRequest } from 'fastify';
import { metaWebhookAckSchema, metaWebhookChallengeSchema, metaWebhookVerifyQuerySchema } from '@vendai/contracts';
import type { FastifyPluginAsyncZod } from '../../plugins/route-schemas.ts';
import {
  cloudHandovers,
  cloudQualityUpdates,
  cloudUserIdChanges,
  cloudWebhookErrors,
  mapCloudWebhook,
} from '../../integrations/gateway/map-cloud-webhook.ts';
import {
  looksLikeMetaSignature,
  META_SIGNATURE_HEADER,
  metaSignatureMatches,
  metaVerifyTokenMatches,
} from '../../integrations/gateway/meta-signature.ts';
import type { GatewayEvent } from '../../integrations/gateway/event-hub.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordMetaHandover } from '../../domain/conversation-rules/meta-agent-holds.ts';
import { cloudTemplateUpdates } from '../../integrations/gateway/cloud-template-webhook.ts';
import { pauseOnQualityEvent } from '../../domain/campaigns/quality-pause-repository.ts';
import { applyTemplateUpdate } from '../../domain/campaigns/template-status-repository.ts';
import { publishNumberUpdated } from '../../realtime/publish-number-updated.ts';
import { webhookUnauthenticated } from './authenticate-webhook.ts';
import { createGatewayEventStore } from './gateway-event-store.ts';
import { createNumberCache } from './number-cache.ts';
import { numberProblemText } from '../../integrations/gateway/delivery-failure-text.ts';
import {
  clearCloudNumberProblem,
  findNumberByCloudId,
  followChangedUserId,
  recordCloudNumberProblem,
  recordCloudQuality,
} from './webhooks-repository.ts';

/** Receipts that show Meta delivering for the number (mapped statuses: delivered, read). */
const DELIVERED = new Set(['DELIVERY_ACK', 'READ']);

/** Meta's webhooks carry no media (only ids): a few hundred statuses at most per body. */
export const META_WEBHOOK_BODY_LIMIT = 512 * 1024;

/**
 * The WhatsApp Cloud API webhook (docs/decisions/032-cloud-api-gateway.md).
 * GET: Meta's address verification — `hub.challenge` echoed when `hub.mode` is 'subscribe' and
 * `hub.verify_token` equals META_VERIFY_TOKEN, else 403.
 * POST: a header without the signature's shape is refused in onRequest, before any byte of the body is
 * read; the body is read raw (capped, never decompressed) and its HMAC-SHA256 with META_APP_SECRET
 * compared in constant time before it is parsed (docs/decisions/026-app-plugins-and-webhook-auth.md).
 * Messages and statuses are stored as the Evolution webhook stores them (messages.upsert /
 * messages.update in gateway_events, once per key: Meta retries for days) and dispatched to the engine.
 * A phone number id that is no Cloud number of ours is skipped (200: Meta must not retry it).
 * Errors Meta reports outside any message (value.errors[]: the number's or the account's) are shown
 * on the numbers list in Portuguese (numbers.connection_problem) until Meta delivers for it again.
 * Messages on field `standby` are stored but not answered; `messaging_handovers` moves the conversation's
 * mark of Meta's agent holding it (docs/decisions/054-cloud-window-and-templates.md, Standby).
 */
export const metaWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, env } = app.deps;
  const numbers = createNumberCache({ load: (phoneNumberId) => findNumberByCloudId(db, phoneNumberId) });
  const events = createGatewayEventStore(app.deps.database, { log: app.log });
  app.addHook('onClose', () => events.drain());

  app.get(
    '/',
    {
      helmet: false,
      schema: { querystring: metaWebhookVerifyQuerySchema, response: { 200: metaWebhookChallengeSchema } },
    },
    async (req: FastifyRequest<{ Querystring: Record<string, string | undefined> }>, reply) => {
      const q = req.query;
      if (q['hub.mode'] !== 'subscribe' || !metaVerifyTokenMatches(q['hub.verify_token'], env.META_VERIFY_TOKEN))
        throw new AppError('FORBIDDEN', 'Token de verificação inválido.');
      return reply.type('text/plain').send(q['hub.challenge'] ?? '');
    },
  );

  // Every body, whatever its content type, goes through the signature check (no text/plain way around it).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (req, body, done) => {
    // Verified on the raw bytes before any parsing: a changed byte is a 401, never a parse.
    if (!metaSignatureMatches(body as Buffer, req.headers[META_SIGNATURE_HEADER], env.META_APP_SECRET))
      return done(webhookUnauthenticated());
    try {
      done(null, JSON.parse((body as Buffer).toString('utf8')));
    } catch {
      done(new AppError('VALIDATION', 'Corpo do webhook inválido.'));
    }
  });

  const options = {
    bodyLimit: META_WEBHOOK_BODY_LIMIT,
    decompress: false,
    helmet: false,
    logLevel: 'warn',
    schema: { response: { 200: metaWebhookAckSchema } },
    onRequest: async (req: FastifyRequest) => {
      if (!env.META_APP_SECRET || !looksLikeMetaSignature(req.headers[META_SIGNATURE_HEADER]))
        throw webhookUnauthenticated();
    },
  } as const;
  app.post('/', options, async (req) => {
    // A signed body that is not JSON at all never got here (the parser answered); no body at all is refused too.
    if (req.body === undefined) throw webhookUnauthenticated();
    const receivedAt = new Date();
    const dispatch: GatewayEvent[] = [];
    let stored = 0;
    let replays = 0;
    /** Numbers whose shown problem changed: the owner's open screens hear number.updated. */
    const changed = new Set<string>();
    /** Numbers that got a new problem: 'number.disconnected' once each. */
    const problems: { userId: string; numberId: string; problem: string }[] = [];
    // Errors not tied to a message (the number's or the account's): logged, and shown to the owner.
    for (const error of cloudWebhookErrors(req.body)) {
      req.log.warn({ cloudError: error }, 'Cloud API webhook error');
      const number = error.phoneNumberId ? await numbers.get(error.phoneNumberId) : null;
      const problem = numberProblemText(error);
      if (number && (await recordCloudNumberProblem(db, number.id, problem))) {
        changed.add(number.id);
        problems.push({ userId: number.userId, numberId: number.id, problem });
      }
    }
    // Who holds a customer's thread changed (Meta's agent ↔ VendAI): the conversation's mark follows.
    for (const handover of cloudHandovers(req.body)) {
      const number = await numbers.get(handover.phoneNumberId);
      if (number) await recordMetaHandover(db, { numberId: number.id, waId: handover.waId, control: handover.control });
    }
    // A customer's BSUID changed: their conversation follows the new one (decision 062).
    for (const change of cloudUserIdChanges(req.body)) {
      const number = await numbers.get(change.phoneNumberId);
      if (number) await followChangedUserId(db, { numberId: number.id, ...change });
    }
    // The number's quality rating or messaging limit changed: campaigns read it before each send (decision 072).
    // FLAGGED or DOWNGRADE pauses the number's campaigns in progress at once (decision 078).
    for (const update of cloudQualityUpdates(req.body)) {
      const numberId = await recordCloudQuality(db, update);
      if (!numberId) continue;
      changed.add(numberId);
      const paused = await pauseOnQualityEvent(db, numberId, update.event);
      if (paused.length) req.log.warn({ numberId, event: update.event, paused }, 'campaigns paused: number quality');
    }
    // A submitted template's status or category changed: its campaigns follow (decision 075).
    for (const update of cloudTemplateUpdates(req.body)) {
      const paused = await applyTemplateUpdate(db, update);
      if (paused.length)
        req.log.warn({ template: update.metaId, paused }, 'campaigns paused: Meta paused their template');
    }
    const delivering = new Set<string>();
    for (const item of mapCloudWebhook(req.body)) {
      const number = await numbers.get(item.phoneNumberId);
      if (!number) continue;
      if (item.event === 'messages.update' && DELIVERED.has(String(item.data.status))) delivering.add(number.id);
      const payload = { event: item.event, instance: number.instanceName, data: item.data, sender: 'cloud_api' };
      const weight = JSON.stringify(payload).length;
      const result = await events.store(
        { numberId: number.id, event: item.event, eventKey: item.eventKey, payload, receivedAt },
        weight,
      );
      if (result.outcome === 'replay') replays++;
      if (result.outcome !== 'stored') continue;
      stored++;
      const ref = { id: number.id, userId: number.userId, instanceName: number.instanceName };
      dispatch.push({
        kind: 'message',
        eventId: result.id,
        number: ref,
        event: item.event,
        eventKey: item.eventKey,
        data: item.data,
        receivedAt,
      });
    }
    // Meta delivers for the number again: a problem it reported is over.
    for (const numberId of delivering) if (await clearCloudNumberProblem(db, numberId)) changed.add(numberId);
    if (dispatch.length) setImmediate(() => dispatch.forEach((e) => void app.deps.gatewayEvents.dispatch(e)));
    for (const numberId of changed) void publishNumberUpdated({ ...app.deps, log: req.log }, numberId);
    // A new problem Meta reported stops the number's sends: an engine event, as a QR number's disconnection is
    // (webhooks-routes.ts), so the members' phones hear of it (docs/decisions/067-web-push.md).
    for (const down of problems)
      void publishEngineEvents(
        { ...app.deps, log: req.log },
        {
          key: `number-down:${down.numberId}:${receivedAt.getTime()}`,
          afterBurst: null,
          events: [{ name: 'number.disconnected', payload: down }],
        },
      );
    return { ok: true, stored, replays };
  });
};
