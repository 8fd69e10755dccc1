import type { Db } from '../../db/client.ts';
import type { GatewayEvent } from '../../integrations/gateway/event-hub.ts';
import { AppError } from '../../lib/app-error.ts';
import { webhookUnauthenticated } from './authenticate-webhook.ts';
import {
  connectionUpdateData,
  eventKeyOf,
  gatewayEnvelopeSchema,
  isStoredEvent,
  normaliseEventName,
  qrcodeUpdatedData,
  STORED_EVENTS,
} from './gateway-event-schema.ts';
import type { GatewayEventStore } from './gateway-event-store.ts';
import type { NumberCache } from './number-cache.ts';
import { setNumberStatus, type WebhookNumber } from './webhooks-repository.ts';

export type ReceiveOutcome = 'stored' | 'replay' | 'status-changed' | 'status-unchanged' | 'qrcode' | 'ignored';

/**
 * One authenticated webhook from the gateway for one number (authenticate-webhook.ts ran in
 * onRequest, before the body was read; architecture: webhooks are idempotent): malformed body → 400,
 * nothing stored.
 * connection.update moves numbers.status (open → CONECTADO + connected_at; close/refused →
 * DESCONECTADO); message events are stored once in gateway_events keyed by (number, event, key).
 * Returns what happened and the gateway events to dispatch once the gateway has its answer.
 *
 * The hot path (a message event of a known number) makes no query of its own: the number came from
 * the cache and the row goes into the next group-commit insert (gateway-event-store.ts).
 */
export async function receiveGatewayEvent({
  db,
  numbers,
  events,
  number,
  receivedAt,
  body,
  bodyBytes,
}: {
  db: Db;
  numbers: NumberCache;
  events: GatewayEventStore;
  /** The number the webhook was authenticated as. */
  number: WebhookNumber;
  /** The moment the request arrived: the engine's quiet windows count from it, however late it is processed. */
  receivedAt: Date;
  body: unknown;
  /** The request body's size, when known: the event's weight in a batch. */
  bodyBytes?: number;
}): Promise<{ outcome: ReceiveOutcome; dispatch: GatewayEvent[] }> {
  const instanceName = number.instanceName;
  const envelope = gatewayEnvelopeSchema.safeParse(body);
  if (!envelope.success) throw invalid(envelope.error.issues[0]?.path.join('.') || 'corpo');
  if (envelope.data.instance !== instanceName) throw invalid('instance');
  const event = normaliseEventName(envelope.data.event);
  const data = envelope.data.data;
  const ref = { id: number.id, userId: number.userId, instanceName: number.instanceName };

  if (event === 'connection.update') {
    const parsed = connectionUpdateData.safeParse(data);
    if (!parsed.success) throw invalid('data.state');
    const { state, wuid } = parsed.data;
    if (state === 'connecting') return { outcome: 'status-unchanged', dispatch: [] };
    const status = state === 'open' ? 'CONECTADO' : 'DESCONECTADO';
    // Always written (the cached status may be stale: the numbers module changes it too); the
    // UPDATE itself tells whether anything changed.
    const changed = await setNumberStatus(db, number.id, status);
    if (changed) numbers.setStatus(instanceName, status);
    return {
      outcome: changed ? 'status-changed' : 'status-unchanged',
      dispatch: changed ? [{ kind: 'connection', number: ref, state, status, wuid: wuid ?? null }] : [],
    };
  }

  if (event === 'qrcode.updated') {
    const parsed = qrcodeUpdatedData.safeParse(data);
    if (!parsed.success) throw invalid('data.qrcode');
    // Kept in memory only (GatewayEventHub.latestQr): the connect screen asks the gateway for the QR anyway.
    const qr =
      'qrcode' in parsed.data ? (parsed.data.qrcode as { base64?: string | null; code?: string | null }) : null;
    return {
      outcome: 'qrcode',
      dispatch: [{ kind: 'qrcode', number: ref, base64: qr?.base64 ?? null, code: qr?.code ?? null }],
    };
  }

  if (isStoredEvent(event)) {
    const parsed = STORED_EVENTS[event].safeParse(data);
    if (!parsed.success) throw invalid(`data.${parsed.error.issues[0]?.path.join('.') ?? ''}`);
    const eventKey = eventKeyOf(event, parsed.data);
    // The envelope as received, less the gateway's instance apikey (a secret we do not need to keep).
    const { apikey: _apikey, ...payload } = envelope.data;
    const weight = bodyBytes ?? JSON.stringify(payload).length;
    const stored = await events.store({ numberId: number.id, event, eventKey, payload, receivedAt }, weight);
    if (stored.outcome === 'unknown-number') {
      // The cached number was deleted meanwhile (FK violation): answer as for any unknown instance.
      numbers.forget(instanceName);
      throw webhookUnauthenticated();
    }
    if (stored.outcome === 'replay') return { outcome: 'replay', dispatch: [] };
    return {
      outcome: 'stored',
      dispatch: [{ kind: 'message', eventId: stored.id, number: ref, event, eventKey, data: parsed.data, receivedAt }],
    };
  }

  // Every other event (instance.create, logout.instance, contacts.update, chats.*, presence.update…) is
  // acknowledged and dropped: answering 2xx keeps the gateway from retrying it.
  return { outcome: 'ignored', dispatch: [] };
}

function invalid(field: string) {
  return new AppError('VALIDATION', `Evento do gateway inválido (${field}).`, { fields: { [field]: 'inválido' } });
}
