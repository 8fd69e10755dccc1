import type { MessageType } from '@vendai/contracts';
import type { GatewayMessage } from './gateway.ts';
import { safeJson } from '../../lib/safe-json.ts';
import { isBsuid } from '../../domain/phones/bsuid.ts';

/**
 * Pure mapping from the gateway's messageRaw (webhook `data` of messages.upsert / send.message,
 * docs/evolution-api-contract.md#33-messages_upsert-data--messageraw-from-preparemessage) to what the engine stores. No I/O here: unit-tested with fixtures.
 */

export interface MappedChat {
  /** The JID the conversation is keyed by: the phone JID when known, else the @lid or group JID. */
  jid: string;
  /** The @lid alias when the gateway reported one (kept beside the phone JID). */
  lid: string | null;
  /** Digits of the phone number (calling code included), null for groups, unresolved @lid and BSUID-only contacts. */
  phone: string | null;
  isGroup: boolean;
  /**
   * Meta's business-scoped user id (Cloud API only, docs/decisions/062-bsuid-contacts.md), kept beside the
   * phone JID; when the phone is hidden the chat is keyed by it (`jid` = the BSUID).
   */
  userId?: string | null;
  /** The user's WhatsApp username (Cloud API, with the BSUID), shown where the phone would be. */
  username?: string | null;
}

export interface MappedMedia {
  mimetype: string | null;
  filename: string | null;
  size: number | null;
  /** Seconds (audio, video). */
  duration: number | null;
  width: number | null;
  height: number | null;
  /** Audio sent as a voice note (ptt). */
  voiceNote: boolean;
  /** Raw base64 when the webhook carried the media (instance webhook with base64:true). */
  base64: string | null;
}

/**
 * A message that changes another one instead of being a turn of the conversation: a reaction, a
 * deletion for everyone (protocolMessage REVOKE) or an edit (editedMessage, or an older gateway's
 * protocolMessage MESSAGE_EDIT). `other` is any other protocol message (ephemeral settings, history
 * sync notices…): nothing to show. None of them is answered, counted as unread or shown as a bubble.
 */
export type MessageChange =
  | { kind: 'reaction'; targetId: string; /** null: the reaction was removed. */ emoji: string | null }
  | { kind: 'revoke'; targetId: string }
  | { kind: 'edit'; targetId: string; content: string | null }
  | { kind: 'other' };

export interface MappedMessage {
  /** Set when this message changes another one (reaction, deletion, edit): not a turn of its own. */
  change?: MessageChange | null;
  externalId: string;
  fromMe: boolean;
  chat: MappedChat;
  /** The sender's display name (never for fromMe: that is the owner's own name). */
  pushName: string | null;
  /** Groups: the member who wrote. */
  participant: string | null;
  /** When WhatsApp says it was sent; null when absent. */
  sentAt: Date | null;
  type: MessageType;
  /** Text, caption, or the JSON string of a location / contact (docs/product/data.md). */
  content: string | null;
  media: MappedMedia | null;
}

/** Content keys that wrap the real message (unwrapped before mapping). */
const WRAPPERS = [
  'ephemeralMessage',
  'viewOnceMessage',
  'viewOnceMessageV2',
  'viewOnceMessageV2Extension',
  'documentWithCaptionMessage',
  'editedMessage',
];

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

/**
 * A proto number: a number, a numeric string, or a Long as {low, high} (Baileys 7 encodings,
 * docs/evolution-api-contract.md#33-messages_upsert-data--messageraw-from-preparemessage). Null when absent or not a finite non-negative integer.
 */
export function protoInt(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) && v >= 0 ? Math.floor(v) : null;
  if (typeof v === 'string' && /^\d+$/.test(v)) return Number(v);
  if (isObject(v) && typeof v.low === 'number') {
    const high = typeof v.high === 'number' ? v.high : 0;
    const value = high * 2 ** 32 + (v.low >>> 0);
    return Number.isSafeInteger(value) && value >= 0 ? value : null;
  }
  return null;
}

const protoFloat = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v)
    ? v
    : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))
      ? Number(v)
      : null;

/** The user part of a JID without a device suffix: '5511…:12@s.whatsapp.net' → '5511…'. */
export function jidUser(jid: string): string {
  return jid.split('@')[0]!.split(':')[0]!;
}

export const isGroupJid = (jid: string) => jid.endsWith('@g.us');
export const isLidJid = (jid: string) => jid.endsWith('@lid');
export const isPhoneJid = (jid: string) => jid.endsWith('@s.whatsapp.net') || jid.endsWith('@c.us');

/** Phone JID in canonical form (no device suffix). */
function canonicalPhoneJid(jid: string): string {
  return `${jidUser(jid)}@s.whatsapp.net`;
}

/**
 * The chat of a message key. `@lid` is resolved through `remoteJidAlt` and both are kept
 * (docs/evolution-api-contract.md#4-jids-groups-lid-number-formatting: pn = remoteJid ends with @lid ? remoteJidAlt ?? remoteJid : remoteJid). Works for
 * 2.3.5–2.3.6 (remoteJid = lid, alt = pn), 2.3.7 (both pn) and 2.4-rc (remoteJid = pn, alt = lid).
 */
export function mapChat(key: {
  remoteJid: string;
  remoteJidAlt?: string | null;
  userId?: string | null;
  username?: string | null;
}): MappedChat {
  const remote = key.remoteJid;
  const userId = key.userId && isBsuid(key.userId) ? key.userId : isBsuid(remote) ? remote : null;
  if (userId) {
    const phone = isPhoneJid(remote) ? canonicalPhoneJid(remote) : null;
    const username = key.username ?? null;
    return { jid: phone ?? userId, lid: null, phone: phone ? jidUser(phone) : null, isGroup: false, userId, username };
  }
  const alt = key.remoteJidAlt ?? null;
  if (isGroupJid(remote)) return { jid: remote, lid: null, phone: null, isGroup: true };
  let pn: string | null = null;
  let lid: string | null = null;
  for (const j of [remote, alt]) {
    if (!j) continue;
    if (isLidJid(j)) lid ??= j;
    else if (isPhoneJid(j)) pn ??= canonicalPhoneJid(j);
  }
  if (pn) return { jid: pn, lid, phone: jidUser(pn), isGroup: false };
  if (lid) return { jid: lid, lid, phone: null, isGroup: false };
  // Anything else (broadcast lists and unknown suffixes): keep it as the gateway addressed it.
  return { jid: remote, lid: null, phone: /^\d{8,15}$/.test(jidUser(remote)) ? jidUser(remote) : null, isGroup: false };
}

/** Unwraps ephemeral / view-once / document-with-caption containers. */
export function unwrapContent(message: Json): Json {
  let current = message;
  for (let depth = 0; depth < 5; depth++) {
    const wrapper = WRAPPERS.find((k) => isObject(current[k]) && isObject((current[k] as Json).message));
    if (!wrapper) return current;
    const inner = (current[wrapper] as Json).message as Json;
    // Keep the injected extras (base64) visible after unwrapping.
    current = { ...inner, ...(typeof current.base64 === 'string' ? { base64: current.base64 } : {}) };
  }
  return current;
}

/** The phone in a vCard: the WhatsApp id (waid) when present, else the first TEL's digits. */
export function phoneFromVcard(vcard: string | null): string | null {
  if (!vcard) return null;
  const waid = vcard.match(/waid=(\d+)/i);
  if (waid) return waid[1]!;
  const tel = vcard.match(/^TEL[^:\n]*:([^\n\r]+)/im);
  const digits = tel?.[1]?.replace(/\D/g, '') ?? '';
  return digits.length >= 6 ? digits : null;
}

function nameFromVcard(vcard: string | null): string | null {
  const fn = vcard?.match(/^FN[^:\n]*:([^\n\r]+)/im);
  return fn?.[1]?.trim() || null;
}

function media(content: Json, base64: string | null, extra: Partial<MappedMedia> = {}): MappedMedia {
  return {
    mimetype: str(content.mimetype),
    filename: str(content.fileName) ?? str(content.title),
    size: protoInt(content.fileLength),
    duration: protoInt(content.seconds),
    width: protoInt(content.width),
    height: protoInt(content.height),
    voiceNote: false,
    base64,
    ...extra,
  };
}

/** The message type, content and media of one proto Message. */
export function mapContent(message: Json | undefined): Pick<MappedMessage, 'type' | 'content' | 'media'> {
  if (!message) return { type: 'unsupported', content: null, media: null };
  const m = unwrapContent(message);
  const base64 = str(m.base64);
  if (typeof m.conversation === 'string') return { type: 'text', content: m.conversation, media: null };
  const ext = m.extendedTextMessage;
  if (isObject(ext) && typeof ext.text === 'string') return { type: 'text', content: ext.text, media: null };

  const image = m.imageMessage;
  if (isObject(image)) return { type: 'image', content: str(image.caption), media: media(image, base64) };
  const video = m.videoMessage ?? m.ptvMessage;
  if (isObject(video)) return { type: 'video', content: str(video.caption), media: media(video, base64) };
  const audio = m.audioMessage;
  if (isObject(audio))
    return { type: 'audio', content: null, media: media(audio, base64, { voiceNote: audio.ptt === true }) };
  const doc = m.documentMessage;
  if (isObject(doc)) return { type: 'document', content: str(doc.caption), media: media(doc, base64) };
  const sticker = m.stickerMessage;
  if (isObject(sticker))
    return {
      type: 'sticker',
      content: null,
      media: media(sticker, base64, { mimetype: str(sticker.mimetype) ?? 'image/webp' }),
    };

  const location = m.locationMessage ?? m.liveLocationMessage;
  if (isObject(location)) {
    const lat = protoFloat(location.degreesLatitude);
    const lng = protoFloat(location.degreesLongitude);
    if (lat !== null && lng !== null) {
      const address = [str(location.name), str(location.address)].filter(Boolean).join(' — ') || null;
      return { type: 'location', content: JSON.stringify({ address, lat, lng }), media: null };
    }
  }
  const contact =
    m.contactMessage ??
    (isObject(m.contactsArrayMessage) && Array.isArray(m.contactsArrayMessage.contacts)
      ? m.contactsArrayMessage.contacts[0]
      : undefined);
  if (isObject(contact)) {
    const vcard = str(contact.vcard);
    const name = str(contact.displayName) ?? nameFromVcard(vcard) ?? 'Contato';
    return { type: 'contact', content: JSON.stringify({ name, phone: phoneFromVcard(vcard) }), media: null };
  }

  // Reactions, polls, buttons, protocol messages… stored as unsupported (shown as such in the inbox).
  return { type: 'unsupported', content: null, media: null };
}

const PROTOCOL_REVOKE = new Set<unknown>(['REVOKE', 0]);
const PROTOCOL_EDIT = new Set<unknown>(['MESSAGE_EDIT', 14]);

/** The reaction, deletion or edit a message carries (2.3.7 and older shapes), or null for a real message. */
export function mapChange(message: unknown): MessageChange | null {
  if (!isObject(message)) return null;
  let m: Json = message;
  let edited = false;
  for (let depth = 0; depth < 4; depth++) {
    const reaction = m.reactionMessage;
    if (isObject(reaction)) {
      const targetId = isObject(reaction.key) ? str(reaction.key.id) : null;
      if (!targetId) return { kind: 'other' };
      return { kind: 'reaction', targetId, emoji: str(reaction.text) };
    }
    const protocol = m.protocolMessage;
    if (isObject(protocol)) {
      const targetId = isObject(protocol.key) ? str(protocol.key.id) : null;
      if (targetId && PROTOCOL_REVOKE.has(protocol.type)) return { kind: 'revoke', targetId };
      if (targetId && (PROTOCOL_EDIT.has(protocol.type) || isObject(protocol.editedMessage))) {
        return {
          kind: 'edit',
          targetId,
          content: isObject(protocol.editedMessage) ? mapContent(protocol.editedMessage).content : null,
        };
      }
      return { kind: 'other' };
    }
    // editedMessage (a FutureProofMessage around the protocol message), ephemeral and view-once wrappers.
    const wrapper = ['editedMessage', 'ephemeralMessage', 'viewOnceMessage', 'viewOnceMessageV2'].find(
      (k) => isObject(m[k]) && isObject((m[k] as Json).message),
    );
    // An edit whose target we cannot tell is still not a new message.
    if (!wrapper) return edited ? { kind: 'other' } : null;
    edited ||= wrapper === 'editedMessage';
    m = (m[wrapper] as Json).message as Json;
  }
  return edited ? { kind: 'other' } : null;
}

/** messageType values that never are a turn of the conversation, whatever their content looks like. */
const CHANGE_TYPES = new Set(['reactionMessage', 'protocolMessage', 'editedMessage']);

/** One messageRaw → what the engine stores. Null when the payload has no usable key. */
export function mapGatewayMessage(data: GatewayMessage): MappedMessage | null {
  const key = data?.key;
  if (!key || typeof key.remoteJid !== 'string' || typeof key.id !== 'string' || key.id === '' || key.remoteJid === '')
    return null;
  const chat = mapChat(key);
  const fromMe = key.fromMe === true;
  const seconds = protoInt(data.messageTimestamp);
  const pushName = !fromMe ? str(data.pushName) : null;
  return {
    externalId: key.id,
    fromMe,
    chat,
    // In a group pushName names the member, and for 1:1 a bare number is no name.
    pushName: pushName && !/^\+?\d[\d\s-]*$/.test(pushName) ? pushName : null,
    participant: chat.isGroup ? (str(key.participantAlt) ?? str(key.participant)) : null,
    sentAt: seconds !== null && seconds > 0 ? new Date(seconds * 1000) : null,
    change:
      mapChange(data.message) ??
      (typeof data.messageType === 'string' && CHANGE_TYPES.has(data.messageType) ? { kind: 'other' } : null),
    ...mapContent(data.message),
  };
}

const TYPE_PREVIEW: Record<Exclude<MessageType, 'text'>, string> = {
  image: '📷 Foto',
  video: '🎥 Vídeo',
  audio: '🎵 Áudio',
  document: '📄 Documento',
  sticker: 'Figurinha',
  location: '📍 Localização',
  contact: '👤 Contato',
  unsupported: 'Mensagem não suportada',
};

export { safeJson };

/** The conversation list's one-line preview of a message (at most 120 characters). */
export function messagePreview(msg: Pick<MappedMessage, 'type' | 'content' | 'media'>): string {
  let text: string;
  if (msg.type === 'text') text = msg.content ?? '';
  else if (msg.type === 'audio' && msg.media?.voiceNote) text = '🎤 Mensagem de voz';
  else if (msg.type === 'document') text = `📄 ${msg.media?.filename ?? 'Documento'}`;
  else if (msg.type === 'contact') text = `👤 ${safeJson<{ name?: string }>(msg.content)?.name ?? 'Contato'}`;
  else if (msg.type === 'location') text = TYPE_PREVIEW.location;
  else text = msg.content ? `${TYPE_PREVIEW[msg.type]}: ${msg.content}` : TYPE_PREVIEW[msg.type];
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > 120 ? `${oneLine.slice(0, 119)}…` : oneLine;
}

/** messages.update status → our message status (null: not a delivery state we track). */
export function mapDeliveryStatus(status: unknown): 'sent' | 'delivered' | 'read' | 'failed' | null {
  const s =
    typeof status === 'string'
      ? status.toUpperCase()
      : typeof status === 'number'
        ? ['ERROR', 'PENDING', 'SERVER_ACK', 'DELIVERY_ACK', 'READ', 'PLAYED'][status]
        : undefined;
  switch (s) {
    case 'SERVER_ACK':
      return 'sent';
    case 'DELIVERY_ACK':
      return 'delivered';
    case 'READ':
    case 'PLAYED':
      return 'read';
    case 'ERROR':
      return 'failed';
    default:
      return null;
  }
}

/** Order of delivery states: a late SERVER_ACK never moves a read message back. */
export const STATUS_RANK: Record<string, number> = {
  pending: 0,
  sent: 1,
  delivered: 2,
  read: 3,
  received: 3,
  failed: 4,
};
