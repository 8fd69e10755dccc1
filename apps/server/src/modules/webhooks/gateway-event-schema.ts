import { createHash } from 'node:crypto';
import { z } from 'zod';

/**
 * What the gateway posts (docs/evolution-api-contract.md#31-envelope): `{event, instance, data, destination, date_time, sender,
 * server_url, apikey}`, with `event` dotted lower-case. Unknown extra fields are accepted. The events
 * this app acts on get their `data` checked too, so a malformed one is refused (400) and nothing is stored.
 */
export const gatewayEnvelopeSchema = z.looseObject({
  event: z.string().min(1).max(100),
  instance: z.string().min(1).max(200),
  data: z.unknown().refine((v) => v !== undefined, { message: 'data ausente' }),
  destination: z.string().nullish(),
  date_time: z.string().nullish(),
  sender: z.string().nullish(),
  server_url: z.string().nullish(),
  apikey: z.string().nullish(),
});
export type GatewayEnvelope = z.infer<typeof gatewayEnvelopeSchema>;

const messageKey = z.looseObject({ id: z.string().min(1).max(200), remoteJid: z.string().min(1), fromMe: z.boolean() });

export const connectionUpdateData = z.looseObject({
  state: z.enum(['open', 'connecting', 'close', 'refused']),
  wuid: z.string().nullish(),
  statusReason: z.number().nullish(),
});

export const qrcodeUpdatedData = z.union([
  z.looseObject({ qrcode: z.looseObject({ base64: z.string().nullish(), code: z.string().nullish() }) }),
  z.looseObject({ message: z.string(), statusCode: z.number().optional() }),
]);

/** messages.upsert and send.message: a messageRaw. */
export const messageRawData = z.looseObject({ key: messageKey });

/** messages.update: a receipt `{keyId, remoteJid, fromMe, status, …}` (some builds nest it in `key`). */
export const messageUpdateData = z.union([
  z.looseObject({ keyId: z.string().min(1).max(200), status: z.union([z.string(), z.number()]).nullish() }),
  z.looseObject({
    key: z.looseObject({ id: z.string().min(1).max(200) }),
    status: z.union([z.string(), z.number()]).nullish(),
  }),
]);

const contact = z.looseObject({ remoteJid: z.string().min(1) });
export const contactsData = z.union([z.array(contact).min(1), contact]);

/** Events stored once in gateway_events, with the schema of their data. */
export const STORED_EVENTS = {
  'messages.upsert': messageRawData,
  'send.message': messageRawData,
  'messages.update': messageUpdateData,
  'contacts.upsert': contactsData,
} as const;
export type StoredEventName = keyof typeof STORED_EVENTS;

export function isStoredEvent(event: string): event is StoredEventName {
  return Object.hasOwn(STORED_EVENTS, event);
}

/** MESSAGES_UPSERT or messages-upsert → messages.upsert (the canonical dotted form). */
export function normaliseEventName(event: string): string {
  const lower = event.trim().toLowerCase();
  return /^[a-z]+([_-][a-z]+)+$/.test(lower) && !lower.includes('.') ? lower.replace(/[_-]/g, '.') : lower;
}

/**
 * The de-duplication key of a stored event (unique with number and event): the message id for
 * messages; id + status for receipts (each status is its own fact); a digest of the data otherwise.
 */
export function eventKeyOf(event: StoredEventName, data: unknown): string {
  const d = data as Record<string, unknown>;
  switch (event) {
    case 'messages.upsert':
    case 'send.message':
      return String((d.key as { id: string }).id);
    case 'messages.update': {
      const id = typeof d.keyId === 'string' ? d.keyId : String((d.key as { id: string }).id);
      return `${id}:${String(d.status ?? '')}`;
    }
    case 'contacts.upsert':
      return `sha256:${createHash('sha256').update(stableJson(data)).digest('hex')}`;
  }
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
