/**
 * The Gateway port over HTTP, speaking Evolution API v2.3.7 exactly as
 * docs/evolution-api-contract.md describes it. The built-in simulator serves the same
 * REST surface, so this one client drives both (kind 'evolution' or 'simulator').
 *
 * Every call carries the `apikey` header and a timeout (no headers, or a stalled body, within the
 * call's time), over keep-alive connections (undici's request). Non-2xx answers come in
 * the error envelope `{status, error, response:{message}}` and become a GatewayError whose message is
 * 'Erro na Evolution API (status): text'.
 */
import { STATUS_CODES } from 'node:http';
import { request } from 'undici';
import { createHttpAgent, readBodyCapped, ResponseTooLargeError } from '../../lib/http-client.ts';
import { causeText, isTimeout, neverArrived } from './transport-errors.ts';
import {
  type ConnectionState,
  type ContactInfo,
  type CreatedInstance,
  type CreateInstanceInput,
  type Gateway,
  GatewayError,
  type GatewayMessage,
  type MediaBase64,
  type Presence,
  type QrCode,
  type SendMediaInput,
  type SendTextInput,
} from './gateway.ts';

export interface EvolutionClientOptions {
  kind: Gateway['kind'];
  /** Server root, e.g. https://evo.example.com or http://localhost:3000/simulator/api (no trailing slash needed). */
  baseUrl: string;
  apiKey: string;
  /** Timeout of an ordinary call (ms). `create` waits 5 s on the server, so it gets more. */
  timeoutMs?: number;
  /** The most of one answer read (default GATEWAY_RESPONSE_MAX_BYTES). */
  maxBodyBytes?: number;
}

/** The most of one gateway answer read: the webhooks' bound (docs/decisions/021-spend-and-abuse-limits.md). */
export const GATEWAY_RESPONSE_MAX_BYTES = 64 * 1024 * 1024;

export const GATEWAY_ERROR_PREFIX = 'Erro na Evolution API';

/** Default timeout of one call; calls that block on the server for `delay` add it on top. */
const DEFAULT_TIMEOUT_MS = 15_000;
/** POST /instance/create connects and sleeps 5 s before answering (docs/evolution-api-contract.md#21-post-instancecreate--201). */
const CREATE_TIMEOUT_MS = 45_000;
/** GET /instance/connect waits 2 s when it starts the socket (docs/evolution-api-contract.md#22-get-instanceconnectname--200). */
const CONNECT_TIMEOUT_MS = 30_000;

type Json = Record<string, unknown>;

export function createEvolutionClient(options: EvolutionClientOptions): Gateway {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBodyBytes = options.maxBodyBytes ?? GATEWAY_RESPONSE_MAX_BYTES;
  const name = (instanceName: string) => encodeURIComponent(instanceName);
  // Keep-alive connections to the gateway, reused by every call (lib/http-client.ts).
  const agent = createHttpAgent();

  async function call<T>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: unknown,
    callTimeoutMs = timeoutMs,
  ): Promise<T> {
    let status: number;
    let text: string;
    try {
      const response = await request(`${baseUrl}${path}`, {
        method,
        headers: {
          apikey: options.apiKey,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        dispatcher: agent,
        // No answer (headers) or a stalled body within the call's time: a timeout, not a hang.
        headersTimeout: callTimeoutMs,
        bodyTimeout: callTimeoutMs,
      });
      status = response.statusCode;
      const cancel = () => response.body.destroy();
      text = (await readBodyCapped(response.body, maxBodyBytes, response.headers['content-length'], cancel)).toString();
    } catch (err) {
      // An answer over the cap: refused, never buffered; whether the call took effect is unknown.
      if (err instanceof ResponseTooLargeError)
        throw new GatewayError(
          0,
          `${GATEWAY_ERROR_PREFIX} (resposta maior que ${Math.round(maxBodyBytes / 1024 / 1024)} MB) em ${method} ${path}`,
          undefined,
          'unknown',
        );
      const why = isTimeout(err)
        ? `sem resposta em ${Math.round(callTimeoutMs / 1000)} s`
        : `sem conexão (${causeText(err)})`;
      throw new GatewayError(
        0,
        `${GATEWAY_ERROR_PREFIX} (${why}) em ${method} ${path}`,
        undefined,
        neverArrived(err) ? 'not-sent' : 'unknown',
      );
    }
    const data = parseJson(text);
    if (status < 200 || status >= 300) {
      // A definite refusal needs the gateway's error body; a bare 5xx (a proxy's) leaves the outcome unknown.
      throw new GatewayError(
        status,
        `${GATEWAY_ERROR_PREFIX} (${status}): ${errorText(data, text, STATUS_CODES[status] ?? '')}`,
        data ?? text,
        data ? 'refused' : 'unknown',
      );
    }
    return data as T;
  }

  return {
    kind: options.kind,

    async createInstance(input: CreateInstanceInput): Promise<CreatedInstance> {
      const body = {
        instanceName: input.instanceName,
        integration: 'WHATSAPP-BAILEYS',
        qrcode: true,
        // Wrapped config; `events` always explicit: the server reads events.length unguarded (docs/evolution-api-contract.md#21-post-instancecreate--201).
        webhook: {
          url: input.webhookUrl,
          byEvents: false,
          base64: true,
          headers: input.webhookHeaders,
          events: input.events,
        },
      };
      const data = await call<Json>('POST', '/instance/create', body, CREATE_TIMEOUT_MS);
      const instance = asObject(data?.instance);
      if (!instance || typeof instance.instanceName !== 'string') {
        throw new GatewayError(502, `${GATEWAY_ERROR_PREFIX} (502): resposta de criação sem instance`, data);
      }
      // 2.3.x answers `hash` as the token string; older builds answered {apikey}.
      const hash = data.hash;
      const token =
        typeof hash === 'string'
          ? hash
          : typeof asObject(hash)?.apikey === 'string'
            ? (asObject(hash)!.apikey as string)
            : null;
      return {
        instanceName: instance.instanceName,
        instanceId: typeof instance.instanceId === 'string' ? instance.instanceId : '',
        token,
        qr: data.qrcode ? toQr(data.qrcode) : null,
      };
    },

    async connect(instanceName) {
      const data = await call<Json>('GET', `/instance/connect/${name(instanceName)}`, undefined, CONNECT_TIMEOUT_MS);
      // The controller catches its own errors and answers 200 {error:true, message} (docs/evolution-api-contract.md#22-get-instanceconnectname--200).
      if (data?.error === true) {
        throw new GatewayError(500, `${GATEWAY_ERROR_PREFIX} (500): ${errorText(data, '', 'erro ao conectar')}`, data);
      }
      // Already open: the connectionState shape instead of a QR.
      const state = asObject(data?.instance)?.state;
      if (state === 'open') return null;
      return toQr(data);
    },

    async connectionState(instanceName) {
      const data = await call<Json>('GET', `/instance/connectionState/${name(instanceName)}`);
      return toState(asObject(data?.instance)?.state ?? data?.state);
    },

    async ownerJid(instanceName) {
      const rows = await call<unknown>('GET', `/instance/fetchInstances?instanceName=${name(instanceName)}`);
      const jid = Array.isArray(rows) ? asObject(rows[0])?.ownerJid : null;
      return typeof jid === 'string' && jid ? jid : null;
    },

    async logout(instanceName) {
      try {
        await call('DELETE', `/instance/logout/${name(instanceName)}`);
      } catch (err) {
        // 2.3.x: 400 'The "x" instance is not connected' for a closed instance; 2.4 answers SUCCESS.
        if (
          err instanceof GatewayError &&
          err.status === 400 &&
          /not connected|already disconnected/i.test(err.message)
        )
          return;
        throw err;
      }
    },

    async deleteInstance(instanceName) {
      try {
        await call('DELETE', `/instance/delete/${name(instanceName)}`);
      } catch (err) {
        if (err instanceof GatewayError && err.status === 404) return;
        throw err;
      }
    },

    async sendText(instanceName, input: SendTextInput): Promise<GatewayMessage> {
      const delay = Math.max(0, Math.round(input.delayMs ?? 0));
      // The request blocks for `delay` on the server: the timeout must outlast it.
      return call<GatewayMessage>(
        'POST',
        `/message/sendText/${name(instanceName)}`,
        { number: input.number, text: input.text, delay },
        delay + timeoutMs,
      );
    },

    async sendMedia(instanceName, input: SendMediaInput): Promise<GatewayMessage> {
      const delay = Math.max(0, Math.round(input.delayMs ?? 0));
      const body = {
        number: input.number,
        mediatype: input.mediatype,
        mimetype: input.mimetype,
        media: input.media,
        ...(input.caption ? { caption: input.caption } : {}),
        ...(input.fileName ? { fileName: input.fileName } : {}),
        delay,
      };
      // Same timeouts, errors and outcomes as sendText; the upload counts in the call's time.
      return call<GatewayMessage>('POST', `/message/sendMedia/${name(instanceName)}`, body, delay + timeoutMs);
    },

    async findMessages(instanceName: string, where: { remoteJid: string; fromMe?: boolean }) {
      const data = await call<unknown>('POST', `/chat/findMessages/${name(instanceName)}`, {
        where: { key: where },
        page: 1,
        offset: 50,
      });
      // 2.3.x: {messages:{total, pages, currentPage, records}}; older builds answer the array itself.
      const d = asObject(data);
      const messages = d ? (Array.isArray(d.messages) ? d.messages : asObject(d.messages)?.records) : data;
      return (Array.isArray(messages) ? messages : []).filter(
        (m): m is GatewayMessage => !!asObject(m) && !!asObject((m as Json).key),
      );
    },

    async sendPresence(instanceName, input: { number: string; presence: Presence; delayMs: number }) {
      const delay = Math.max(0, Math.round(input.delayMs));
      await call(
        'POST',
        `/chat/sendPresence/${name(instanceName)}`,
        { number: input.number, presence: input.presence, delay },
        delay + timeoutMs,
      );
    },

    async markRead(instanceName, keys) {
      if (!keys.length) return;
      await call('POST', `/chat/markMessageAsRead/${name(instanceName)}`, {
        readMessages: keys.map((k) => ({ remoteJid: k.remoteJid, fromMe: k.fromMe, id: k.id })),
      });
    },

    async findContact(instanceName, remoteJid): Promise<ContactInfo | null> {
      const data = await call<unknown>('POST', `/chat/findContacts/${name(instanceName)}`, { where: { remoteJid } });
      const first = Array.isArray(data) ? asObject(data[0]) : null;
      if (!first || typeof first.remoteJid !== 'string') return null;
      return {
        remoteJid: first.remoteJid,
        pushName: typeof first.pushName === 'string' && first.pushName ? first.pushName : null,
        profilePicUrl: typeof first.profilePicUrl === 'string' && first.profilePicUrl ? first.profilePicUrl : null,
      };
    },

    async profilePictureUrl(instanceName, number) {
      const data = await call<Json>('POST', `/chat/fetchProfilePictureUrl/${name(instanceName)}`, { number });
      return typeof data?.profilePictureUrl === 'string' && data.profilePictureUrl ? data.profilePictureUrl : null;
    },

    async mediaBase64(instanceName, message): Promise<MediaBase64 | null> {
      let data: Json | null;
      try {
        data = await call<Json | null>('POST', `/chat/getBase64FromMediaMessage/${name(instanceName)}`, {
          message: { key: message.key, ...(message.message ? { message: message.message } : {}) },
          convertToMp4: false,
        });
      } catch (err) {
        // A message without media is a 400, not a failure of the gateway.
        if (err instanceof GatewayError && err.status === 400) return null;
        throw err;
      }
      if (!data || typeof data.base64 !== 'string' || !data.base64) return null;
      const size = asObject(data.size);
      return {
        base64: stripDataUri(data.base64),
        mimetype: typeof data.mimetype === 'string' ? data.mimetype : null,
        fileName: typeof data.fileName === 'string' ? data.fileName : null,
        size: toNumber(size?.fileLength),
      };
    },
  };
}

/** The bare QR object `{pairingCode, code, base64, count}`; `{count:0}` while not generated yet. */
function toQr(value: unknown): QrCode {
  const qr = asObject(value) ?? {};
  const base64 = typeof qr.base64 === 'string' && qr.base64 ? toDataUri(qr.base64) : null;
  return {
    base64,
    code: typeof qr.code === 'string' && qr.code ? qr.code : null,
    pairingCode: typeof qr.pairingCode === 'string' && qr.pairingCode ? qr.pairingCode : null,
    count: typeof qr.count === 'number' ? qr.count : 0,
  };
}

function toState(value: unknown): ConnectionState {
  return value === 'open' || value === 'connecting' ? value : 'close';
}

/** Evolution answers a full data URI; a bare base64 PNG is accepted too. */
function toDataUri(base64: string): string {
  return base64.startsWith('data:') ? base64 : `data:image/png;base64,${base64}`;
}

function stripDataUri(base64: string): string {
  const comma = base64.startsWith('data:') ? base64.indexOf(',') : -1;
  return comma >= 0 ? base64.slice(comma + 1) : base64;
}

/** `response.message` is an array (strings or objects) or a string; other bodies fall back to their text. */
function errorText(data: unknown, raw: string, statusText: string): string {
  const body = asObject(data);
  const message = asObject(body?.response)?.message ?? body?.message ?? body?.error;
  const parts = (Array.isArray(message) ? message : message === undefined ? [] : [message]).map((m) =>
    typeof m === 'string' ? m : JSON.stringify(m),
  );
  const text = parts.join('; ') || raw.slice(0, 300) || statusText || 'sem detalhes';
  return text;
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function asObject(value: unknown): Json | null {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null;
}

function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  // Long fields may come as {low, high, unsigned} (docs/evolution-api-contract.md#33-messages_upsert-data--messageraw-from-preparemessage).
  const long = asObject(value);
  if (long && typeof long.low === 'number' && typeof long.high === 'number')
    return long.high * 2 ** 32 + (long.low >>> 0);
  return null;
}
