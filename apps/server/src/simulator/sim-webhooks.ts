import type { Db } from '../db/client.ts';
import type { SimWebhookConfig } from '../db/schema/simulator.ts';
import { USER_SUFFIX } from './jid.ts';
import * as repo from './simulator-repository.ts';
import type { SimInstance } from './simulator-repository.ts';
import { badRequest, SimError } from './sim-error.ts';
import { eventConfigName, eventSlug, type WebhookDispatcher } from './webhook-dispatcher.ts';

type Json = Record<string, unknown>;

/** UPPER_SNAKE names Evolution 2.3.7 accepts in a webhook's `events` (webhook.schema.ts). */
const KNOWN_EVENTS = [
  'APPLICATION_STARTUP',
  'QRCODE_UPDATED',
  'MESSAGES_SET',
  'MESSAGES_UPSERT',
  'MESSAGES_EDITED',
  'MESSAGES_UPDATE',
  'MESSAGES_DELETE',
  'SEND_MESSAGE',
  'SEND_MESSAGE_UPDATE',
  'CONTACTS_SET',
  'CONTACTS_UPSERT',
  'CONTACTS_UPDATE',
  'PRESENCE_UPDATE',
  'CHATS_SET',
  'CHATS_UPSERT',
  'CHATS_UPDATE',
  'CHATS_DELETE',
  'GROUPS_UPSERT',
  'GROUP_UPDATE',
  'GROUP_PARTICIPANTS_UPDATE',
  'CONNECTION_UPDATE',
  'LABELS_EDIT',
  'LABELS_ASSOCIATION',
  'CALL',
  'TYPEBOT_START',
  'TYPEBOT_CHANGE_STATUS',
  'REMOVE_INSTANCE',
  'LOGOUT_INSTANCE',
  'INSTANCE_CREATE',
  'INSTANCE_DELETE',
  'STATUS_INSTANCE',
] as const;

/** Sends one event through the instance's webhook, if it is enabled and subscribed to it. */
export function emitWebhook(
  dispatcher: WebhookDispatcher,
  serverUrl: string,
  instance: SimInstance,
  event: string,
  data: unknown,
) {
  const wh = instance.webhook;
  if (!wh?.enabled || !/^https?:\/\//i.test(wh.url)) return;
  if (wh.events.length && !wh.events.includes(eventConfigName(event))) return;
  const url = wh.byEvents ? `${wh.url.replace(/\/+$/, '')}/${eventSlug(event)}` : wh.url;
  const headers = Object.fromEntries(
    Object.entries(wh.headers ?? {}).filter(([k, v]) => typeof v === 'string' && k.toLowerCase() !== 'jwt_key'),
  );
  const body = {
    event,
    instance: instance.name,
    data,
    destination: wh.url,
    date_time: new Date().toISOString(),
    ...(instance.ownerPhone ? { sender: `${instance.ownerPhone}${USER_SUFFIX}` } : {}),
    server_url: serverUrl,
    apikey: instance.token,
  };
  dispatcher.dispatch(instance.name, { url, headers }, body);
}

/** The wrapped webhook config of create and webhook/set (docs/evolution-api-contract.md#21-post-instancecreate--201, docs/evolution-api-contract.md#212-webhook-config). */
export function parseWebhook(value: unknown, fromCreate: boolean): SimWebhookConfig {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw badRequest('webhook must be an object');
  const w = value as Json;
  const enabled = fromCreate ? true : w.enabled;
  if (typeof enabled !== 'boolean') throw badRequest('webhook.enabled is required');
  if (typeof w.url !== 'string' || !/^https?:\/\/\S+$/i.test(w.url))
    throw badRequest('webhook.url is required and must be an http(s) URL');
  let events: string[] = [];
  if (enabled) {
    // Evolution reads events.length unguarded: a missing list is a crash (500 on set, 400 on create).
    if (!Array.isArray(w.events))
      throw new SimError(fromCreate ? 400 : 500, ["Cannot read properties of undefined (reading 'length')"]);
    const unknown = w.events.filter((e) => !(KNOWN_EVENTS as readonly string[]).includes(String(e)));
    if (unknown.length) throw badRequest(`webhook.events has unknown events: ${unknown.join(', ')}`);
    events = w.events as string[];
  }
  const headers: Record<string, string> = {};
  if (w.headers !== undefined && w.headers !== null) {
    if (typeof w.headers !== 'object' || Array.isArray(w.headers))
      throw badRequest('webhook.headers must be an object');
    for (const [k, v] of Object.entries(w.headers as Json)) headers[k] = String(v);
  }
  const byEvents = w.byEvents ?? w.webhookByEvents ?? false;
  const base64 = w.base64 ?? w.webhookBase64 ?? false;
  return {
    enabled,
    url: w.url,
    headers,
    byEvents: byEvents === true,
    base64: base64 === true,
    events,
    updatedAt: new Date().toISOString(),
  };
}

function webhookRow(instance: SimInstance) {
  const w = instance.webhook!;
  return {
    id: instance.id,
    url: w.url,
    headers: w.headers,
    enabled: w.enabled,
    events: w.events,
    webhookByEvents: w.byEvents,
    webhookBase64: w.base64,
    createdAt: instance.createdAt.toISOString(),
    updatedAt: w.updatedAt,
    instanceId: instance.id,
  };
}

/** REST webhook/set and webhook/find (docs/evolution-api-contract.md#212-webhook-config). */
export function createWebhookConfigApi({ db }: { db: Db }, instanceOr404: (name: string) => Promise<SimInstance>) {
  return {
    async setWebhook(name: string, body: Json) {
      const instance = await instanceOr404(name);
      if (!body.webhook || typeof body.webhook !== 'object') throw badRequest('webhook is required');
      const webhook = parseWebhook(body.webhook, false);
      const row = await repo.setWebhook(db, instance.id, webhook);
      return webhookRow(row!);
    },

    async findWebhook(name: string) {
      const instance = await instanceOr404(name);
      return instance.webhook ? webhookRow(instance) : null;
    },
  };
}
