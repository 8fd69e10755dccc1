/**
 * The Gateway port over the official WhatsApp Cloud API (Meta's Graph API), for numbers connected
 * through Meta instead of a QR code (docs/decisions/032-cloud-api-gateway.md). The engine calls the same
 * methods as for Evolution; each call resolves the number's Cloud credentials by instance name.
 *
 * - send: POST /{phone-number-id}/messages with messaging_product 'whatsapp'; the answer becomes a
 *   GatewayMessage shaped like Evolution's (key.id = Meta's wamid). Texts arrive already split to the
 *   WhatsApp limit (domain/ai-reply/split-reply.ts); media given as base64 is uploaded first (POST /{id}/media).
 * - mark read: status 'read' + message_id; typing: the same call with typing_indicator {type:'text'},
 *   which needs the id of a received message (the last one marked read in the chat).
 * - media: GET /{media-id} → url, then GET url with the token, both read under a size cap.
 * QR, instance and contact methods have no Cloud counterpart: a Cloud number is always 'open' at the
 * gateway and has no QR; Meta keeps no history to search (findMessages cannot tell).
 */
import { STATUS_CODES } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { request } from 'undici';
import { createHttpAgent, readBodyCapped, ResponseTooLargeError } from '../../lib/http-client.ts';
import { cloudTextBody } from './cloud-text-body.ts';
import { type CloudPacer, GraphRefusal, retryAfterMs, sendPaced } from './cloud-pacing.ts';
import { causeText, isTimeout, neverArrived } from './transport-errors.ts';
import { type Gateway, GatewayError, type GatewayMessage, type MediaBase64, type SendMediaInput } from './gateway.ts';
import { chatJidOf, isBsuid } from '../../domain/phones/bsuid.ts';

export interface CloudCredentials {
  phoneNumberId: string;
  accessToken: string;
}

export interface CloudClientOptions {
  /** META_GRAPH_URL, e.g. https://graph.facebook.com (tests: a loopback server). */
  graphUrl: string;
  /** META_GRAPH_VERSION, e.g. v23.0. */
  graphVersion: string;
  /** The Cloud credentials of the number behind an instance name; null when it is not a Cloud number. */
  credentials(instanceName: string): Promise<CloudCredentials | null>;
  /**
   * The id of the chat's newest received message (Meta ties the typing indicator to one) when this
   * process has not marked one read yet; null when there is none.
   */
  lastReceivedId?(instanceName: string, waId: string): Promise<string | null>;
  /** A received message's stored mapped content by its id (its media id), when asked by the key alone. */
  storedMessage?(instanceName: string, keyId: string): Promise<Json | null>;
  timeoutMs?: number;
  /** The most of one downloaded media file (Meta's own limit is 100 MB for documents). */
  maxMediaBytes?: number;
  /** Shared pacing of sends (cloud-pacing.ts); without it sends leave at once and back-offs wait here. */
  pacer?: CloudPacer;
  /** First wait after a refusal for rate, doubling with jitter (META_BACKOFF_BASE_MS). */
  backoffBaseMs?: number;
}

export const CLOUD_ERROR_PREFIX = 'Erro na Cloud API';
const DEFAULT_TIMEOUT_MS = 15_000;
const ANSWER_MAX_BYTES = 1024 * 1024;
const DEFAULT_MEDIA_MAX_BYTES = 64 * 1024 * 1024;
/** The webhook's media message types and where Evolution keeps the same media. */
const MEDIA_FIELDS = ['imageMessage', 'audioMessage', 'videoMessage', 'documentMessage', 'stickerMessage'] as const;

type Json = Record<string, unknown>;

/**
 * How Meta addresses a person: the wa_id (digits, calling code included) of a JID or a typed number, or
 * the business-scoped user id of a contact known only by it (docs/decisions/062-bsuid-contacts.md).
 */
export function toWaId(numberOrJid: string): string {
  const user = numberOrJid.split('@')[0]!.split(':')[0]!;
  return isBsuid(user) ? user : user.replace(/\D/g, '');
}

/**
 * The addressee of a send: `to` for a phone, `recipient` for a BSUID (Meta's Messages API takes a BSUID
 * only there: https://developers.facebook.com/documentation/business-messaging/whatsapp/business-scoped-user-ids/).
 */
export function cloudAddressee(numberOrJid: string): { to: string } | { recipient: string } {
  const id = toWaId(numberOrJid);
  return isBsuid(id) ? { recipient: id } : { to: id };
}

export function createCloudClient(options: CloudClientOptions): Gateway {
  const graph = `${options.graphUrl.replace(/\/+$/, '')}/${options.graphVersion}`;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxMediaBytes = options.maxMediaBytes ?? DEFAULT_MEDIA_MAX_BYTES;
  const pacing = { pacer: options.pacer, backoffBaseMs: options.backoffBaseMs ?? 2_000 };
  const agent = createHttpAgent();
  /** The last received message id per chat (instance + wa_id): what the typing indicator refers to. */
  const lastInbound = new Map<string, string>();

  async function creds(instanceName: string): Promise<CloudCredentials> {
    const found = await options.credentials(instanceName);
    if (!found) throw new GatewayError(404, `${CLOUD_ERROR_PREFIX} (404): número sem credenciais da Cloud API`, {});
    return found;
  }

  async function call(
    method: 'GET' | 'POST',
    url: string,
    token: string,
    body?: unknown,
    maxBytes = ANSWER_MAX_BYTES,
  ): Promise<{ data: Json | null; raw: Buffer; contentType: string | null }> {
    let status: number;
    let raw: Buffer;
    let contentType: string | null;
    let retryAfter: string | string[] | undefined;
    const path = new URL(url).pathname;
    try {
      const response = await request(url, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        dispatcher: agent,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      status = response.statusCode;
      const type = response.headers['content-type'];
      contentType = typeof type === 'string' ? type : null;
      retryAfter = response.headers['retry-after'];
      raw = await readBodyCapped(response.body, maxBytes, response.headers['content-length'], () =>
        response.body.destroy(),
      );
    } catch (err) {
      if (err instanceof ResponseTooLargeError)
        throw new GatewayError(
          413,
          `${CLOUD_ERROR_PREFIX} (arquivo maior que ${maxBytes} bytes) em ${method} ${path}`,
          {
            tooLarge: true,
          },
        );
      const why = isTimeout(err)
        ? `sem resposta em ${Math.round(timeoutMs / 1000)} s`
        : `sem conexão (${causeText(err)})`;
      throw new GatewayError(
        0,
        `${CLOUD_ERROR_PREFIX} (${why}) em ${method} ${path}`,
        undefined,
        neverArrived(err) ? 'not-sent' : 'unknown',
      );
    }
    const data = contentType?.includes('json') ? parseJson(raw.toString()) : null;
    if (status < 200 || status >= 300) {
      // A 429 is a refusal even without Meta's error body (a proxy's): nothing was sent.
      throw new GraphRefusal(
        status,
        `${CLOUD_ERROR_PREFIX} (${status}): ${graphErrorText(data, STATUS_CODES[status] ?? '')}`,
        data ?? raw.toString().slice(0, 300),
        data || status === 429 ? 'refused' : 'unknown',
        retryAfterMs(retryAfter),
      );
    }
    return { data, raw, contentType };
  }

  async function sendMessage(instanceName: string, to: string, payload: Json, echo: Json): Promise<GatewayMessage> {
    const { phoneNumberId, accessToken } = await creds(instanceName);
    // Paced, and sent again after refusals for rate only (cloud-pacing.ts): never a duplicate.
    const { data } = await sendPaced(pacing, phoneNumberId, toWaId(to), () =>
      call('POST', `${graph}/${enc(phoneNumberId)}/messages`, accessToken, {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        ...cloudAddressee(to),
        ...payload,
      }),
    );
    const id = firstOf(data?.messages)?.id;
    if (typeof id !== 'string' || !id)
      throw new GatewayError(502, `${CLOUD_ERROR_PREFIX} (502): resposta de envio sem id`, data, 'unknown');
    // A send to a BSUID is answered with contacts[].user_id and no wa_id.
    const waId = firstOf(data?.contacts)?.wa_id;
    return {
      key: { remoteJid: chatJidOf(typeof waId === 'string' && waId ? waId : toWaId(to)), fromMe: true, id },
      status: 'PENDING',
      message: echo,
      messageType: Object.keys(echo)[0],
      messageTimestamp: Math.floor(Date.now() / 1000),
      source: 'cloud_api',
    };
  }

  async function typing(instanceName: string, number: string): Promise<void> {
    const waId = toWaId(number);
    const messageId =
      lastInbound.get(`${instanceName}\n${waId}`) ?? (await options.lastReceivedId?.(instanceName, waId)) ?? null;
    if (!messageId) return;
    const { phoneNumberId, accessToken } = await creds(instanceName);
    await call('POST', `${graph}/${enc(phoneNumberId)}/messages`, accessToken, {
      messaging_product: 'whatsapp',
      status: 'read',
      message_id: messageId,
      typing_indicator: { type: 'text' },
    });
  }

  async function uploadMedia(instanceName: string, input: SendMediaInput): Promise<string> {
    const { phoneNumberId, accessToken } = await creds(instanceName);
    const form = new FormData();
    form.set('messaging_product', 'whatsapp');
    form.set('type', input.mimetype);
    form.set(
      'file',
      new Blob([Buffer.from(input.media, 'base64')], { type: input.mimetype }),
      input.fileName ?? 'arquivo',
    );
    const response = await fetch(`${graph}/${enc(phoneNumberId)}/media`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}` },
      body: form,
      signal: AbortSignal.timeout(timeoutMs * 4),
    }).catch((err: unknown) => {
      throw new GatewayError(
        0,
        `${CLOUD_ERROR_PREFIX} (sem conexão (${causeText(err)})) no envio de mídia`,
        undefined,
        'not-sent',
      );
    });
    const data = asObject(parseJson(await response.text()));
    if (!response.ok || typeof data?.id !== 'string')
      throw new GatewayError(
        response.status,
        `${CLOUD_ERROR_PREFIX} (${response.status}): ${graphErrorText(data, 'envio de mídia recusado')}`,
        data,
        'refused',
      );
    return data.id;
  }

  return {
    kind: 'cloud',
    async createInstance() {
      throw new GatewayError(400, `${CLOUD_ERROR_PREFIX} (400): números da Cloud API não usam instância`, {});
    },
    connect: async () => null,
    connectionState: async () => 'open',
    ownerJid: async () => null,
    logout: async () => {},
    deleteInstance: async () => {},
    findContact: async () => null,
    profilePictureUrl: async () => null,
    // Meta keeps no history to search: "cannot tell", never "provably absent" (an empty record would
    // let recovery send an interrupted part again; docs/decisions/042-cloud-pacing.md).
    async findMessages() {
      throw new GatewayError(501, `${CLOUD_ERROR_PREFIX} (501): a Cloud API não guarda o histórico de envios`, {});
    },

    async sendText(instanceName, input) {
      if (input.delayMs && input.delayMs > 0) {
        await typing(instanceName, input.number);
        await sleep(input.delayMs);
      }
      const body = cloudTextBody(input.text, input.buttons);
      return sendMessage(instanceName, input.number, body, { conversation: input.text });
    },

    async sendMedia(instanceName, input) {
      if (input.delayMs && input.delayMs > 0) {
        await typing(instanceName, input.number);
        await sleep(input.delayMs);
      }
      const isLink = /^https?:\/\//i.test(input.media);
      const ref = isLink ? { link: input.media } : { id: await uploadMedia(instanceName, input) };
      const type = input.mediatype;
      const object: Json = {
        ...ref,
        ...(input.caption && type !== 'audio' ? { caption: input.caption } : {}),
        ...(type === 'document' && input.fileName ? { filename: input.fileName } : {}),
      };
      const echo = {
        [`${type}Message`]: {
          mimetype: input.mimetype,
          ...(input.caption ? { caption: input.caption } : {}),
          ...(input.fileName ? { fileName: input.fileName } : {}),
        },
      };
      return sendMessage(instanceName, input.number, { type, [type]: object }, echo);
    },

    async sendPresence(instanceName, input) {
      if (input.presence !== 'composing' && input.presence !== 'recording') return;
      await typing(instanceName, input.number);
      if (input.delayMs > 0) await sleep(input.delayMs);
    },

    async markRead(instanceName, keys) {
      const received = keys.filter((k) => !k.fromMe);
      if (!received.length) return;
      const { phoneNumberId, accessToken } = await creds(instanceName);
      for (const key of received) {
        lastInbound.set(`${instanceName}\n${toWaId(key.remoteJid)}`, key.id);
        await call('POST', `${graph}/${enc(phoneNumberId)}/messages`, accessToken, {
          messaging_product: 'whatsapp',
          status: 'read',
          message_id: key.id,
        });
      }
    },

    async mediaBase64(instanceName, message): Promise<MediaBase64 | null> {
      // Asked by the key alone (the inbox, a later reply): Meta's media id is in the stored webhook.
      const media =
        cloudMediaOf(message.message) ??
        (message.key.id
          ? cloudMediaOf((await options.storedMessage?.(instanceName, message.key.id)) ?? undefined)
          : null);
      if (!media) return null;
      const { accessToken } = await creds(instanceName);
      const { data } = await call('GET', `${graph}/${enc(media.id)}`, accessToken);
      const url = data?.url;
      if (typeof url !== 'string' || !/^https?:\/\//.test(url)) return null;
      const declared = typeof data?.file_size === 'number' ? data.file_size : null;
      if (declared !== null && declared > maxMediaBytes)
        throw new GatewayError(413, `${CLOUD_ERROR_PREFIX} (arquivo maior que ${maxMediaBytes} bytes)`, data);
      const file = await call('GET', url, accessToken, undefined, maxMediaBytes);
      const mimetype = typeof data?.mime_type === 'string' ? data.mime_type : file.contentType;
      return { base64: file.raw.toString('base64'), mimetype, fileName: media.fileName, size: file.raw.length };
    },
  };
}

/** The Cloud media id a mapped message carries (`<kind>Message.mediaId`, set by map-cloud-webhook.ts). */
function cloudMediaOf(message: Json | undefined): { id: string; fileName: string | null } | null {
  for (const field of MEDIA_FIELDS) {
    const media = asObject(message?.[field]);
    if (typeof media?.mediaId === 'string' && media.mediaId)
      return { id: media.mediaId, fileName: typeof media.fileName === 'string' ? media.fileName : null };
  }
  return null;
}

/** Graph errors: `{error:{message, type, code, error_subcode, error_data:{details}, fbtrace_id}}`. */
function graphErrorText(data: unknown, fallback: string): string {
  const error = asObject(asObject(data)?.error);
  if (!error) return fallback || 'sem detalhes';
  const details = asObject(error.error_data)?.details;
  const code = typeof error.code === 'number' ? `#${error.code} ` : '';
  return `${code}${String(error.message ?? fallback)}${typeof details === 'string' ? ` — ${details}` : ''}`;
}

function enc(id: string): string {
  return encodeURIComponent(id);
}

function firstOf(value: unknown): Json | null {
  return Array.isArray(value) ? asObject(value[0]) : null;
}

function parseJson(text: string): Json | null {
  try {
    return asObject(JSON.parse(text));
  } catch {
    return null;
  }
}

function asObject(value: unknown): Json | null {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null;
}
