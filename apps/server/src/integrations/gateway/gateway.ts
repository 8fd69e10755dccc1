/**
 * The WhatsApp gateway port. One implementation speaks Evolution API v2.3.x over HTTP
 * (EVOLUTION_API_URL + EVOLUTION_API_KEY); the built-in simulator speaks the same REST surface, so
 * the same HTTP client drives both. Methods name what the product needs, not the REST paths
 * (contract: docs/evolution-api-contract.md). All calls happen on the server.
 */

export type ConnectionState = 'open' | 'connecting' | 'close';
export type Presence = 'composing' | 'recording' | 'paused' | 'available' | 'unavailable';

export interface QrCode {
  /** data:image/png;base64,… ready for an <img>, or null when not generated yet. */
  base64: string | null;
  /** The raw QR string. */
  code: string | null;
  pairingCode: string | null;
  count: number;
}

export interface CreateInstanceInput {
  instanceName: string;
  /** Where the gateway posts events for this instance (our /webhooks/gateway/:instance). */
  webhookUrl: string;
  /** Headers the gateway sends with every webhook (carries the per-instance secret). */
  webhookHeaders: Record<string, string>;
  /** UPPER_SNAKE event names, sent explicitly (the gateway crashes on a missing list). */
  events: string[];
}

export interface CreatedInstance {
  instanceName: string;
  instanceId: string;
  /** The instance token (`hash`). */
  token: string | null;
  qr: QrCode | null;
}

/** A message as the gateway reports it (messageRaw): the same shape as webhook `data`. */
export interface GatewayMessage {
  key: {
    remoteJid: string;
    fromMe: boolean;
    id: string;
    /** Baileys 7: the other address of the chat (the phone JID when remoteJid is an @lid, or the reverse). */
    remoteJidAlt?: string;
    /** Groups: the member who wrote. */
    participant?: string;
    participantAlt?: string;
    /** 'pn' or 'lid' (Baileys 7). */
    addressingMode?: string;
    /** Cloud API: Meta's business-scoped user id of the customer (docs/decisions/062-bsuid-contacts.md). */
    userId?: string;
    /** Cloud API: the customer's WhatsApp username (contacts[].profile.username), when Meta gives one. */
    username?: string;
  };
  pushName?: string;
  status?: string;
  message?: Record<string, unknown>;
  messageType?: string;
  messageTimestamp?: number;
  instanceId?: string;
  contextInfo?: Record<string, unknown>;
  source?: string;
  /** Cloud API: the Click-to-WhatsApp ad's `referral`, as Meta sent it (docs/decisions/071-ad-attribution.md). */
  referral?: Record<string, unknown>;
}

export interface SendTextInput {
  /** Digits or a full JID. */
  number: string;
  text: string;
  /** Typing time in ms shown as 'digitando…' before the message goes out (the request blocks for it). */
  delayMs?: number;
  /**
   * Reply buttons under the text on a Cloud number (Meta's interactive reply buttons: at most 3, titles up
   * to 20 characters; a tap arrives as the title). A QR number sends the text alone.
   */
  buttons?: readonly string[];
}

/** What a media message carries (Evolution's `mediatype`); images are re-encoded to JPEG by the gateway. */
export type MediaKind = 'image' | 'document' | 'audio' | 'video';

export interface SendMediaInput {
  /** Digits or a full JID. */
  number: string;
  mediatype: MediaKind;
  /** The file as raw base64 (no data: prefix) or an http(s) URL the gateway can download. */
  media: string;
  mimetype: string;
  /** Text shown under an image, video or document. */
  caption?: string;
  /** Required by the gateway for a base64 document; shown as the document's name. */
  fileName?: string;
  /** Typing time in ms before the message goes out (the request blocks for it). */
  delayMs?: number;
}

export interface ContactInfo {
  remoteJid: string;
  pushName: string | null;
  profilePicUrl: string | null;
}

export interface MediaBase64 {
  base64: string;
  mimetype: string | null;
  fileName: string | null;
  size: number | null;
}

export interface Gateway {
  readonly kind: 'evolution' | 'simulator' | 'cloud';
  createInstance(input: CreateInstanceInput): Promise<CreatedInstance>;
  /** Starts (or continues) connecting and returns the current QR; null when already open. */
  connect(instanceName: string): Promise<QrCode | null>;
  connectionState(instanceName: string): Promise<ConnectionState>;
  /** The JID of the phone that scanned (the instance's ownerJid, fetchInstances); null when none did. */
  ownerJid(instanceName: string): Promise<string | null>;
  /** Unlinks the device; tolerates an instance that is already disconnected. */
  logout(instanceName: string): Promise<void>;
  /** Removes the instance at the gateway; an unknown instance counts as removed. */
  deleteInstance(instanceName: string): Promise<void>;
  sendText(instanceName: string, input: SendTextInput): Promise<GatewayMessage>;
  /** An image, document, audio or video with an optional caption (POST /message/sendMedia). */
  sendMedia(instanceName: string, input: SendMediaInput): Promise<GatewayMessage>;
  sendPresence(instanceName: string, input: { number: string; presence: Presence; delayMs: number }): Promise<void>;
  markRead(instanceName: string, keys: { remoteJid: string; fromMe: boolean; id: string }[]): Promise<void>;
  findContact(instanceName: string, remoteJid: string): Promise<ContactInfo | null>;
  profilePictureUrl(instanceName: string, number: string): Promise<string | null>;
  /**
   * The gateway's own record of a chat's messages, newest first (POST /chat/findMessages): used to
   * reconcile a send whose outcome is unknown before it is ever repeated.
   */
  findMessages(instanceName: string, where: { remoteJid: string; fromMe?: boolean }): Promise<GatewayMessage[]>;
  /** Media of a received message as raw base64 (no data: prefix). */
  mediaBase64(instanceName: string, message: Pick<GatewayMessage, 'key' | 'message'>): Promise<MediaBase64 | null>;
}

/** Thrown for gateway failures: the status and text are kept for logs and the 'Erro na Evolution API' message. */
export class GatewayError extends Error {
  readonly status: number;
  readonly body: unknown;
  /**
   * What the failure says about the request: 'refused' — the gateway answered with an error (4xx/5xx
   * and an error body): nothing was done; 'not-sent' — no connection could be opened: it never
   * arrived; 'unknown' — a timeout, a connection cut or an unreadable answer after the request went
   * out: the gateway may have done it (a send must be reconciled, never blindly repeated).
   */
  readonly outcome: 'refused' | 'not-sent' | 'unknown';
  constructor(status: number, message: string, body?: unknown, outcome?: GatewayError['outcome']) {
    super(message);
    this.status = status;
    this.body = body;
    this.outcome =
      outcome ?? (status >= 400 && body !== undefined && body !== null && body !== '' ? 'refused' : 'unknown');
  }
}
