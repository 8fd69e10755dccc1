import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const CAPI_STANDIN_IN_PRODUCTION =
  'A API de Conversões local (stand-in) nunca é ligada em produção: os eventos vão para a Meta.';

/**
 * What Meta's Conversions API for Business Messaging takes
 * (https://developers.facebook.com/documentation/ads-commerce/conversions-api/business-messaging and the
 * server event parameters): events POSTed to /{version}/{dataset_id}/events with `data` (an array, at most
 * 1,000) and the access token; each event with `event_name`, `event_time` (Unix seconds, at most 7 days old),
 * `action_source`; for 'business_messaging' a `messaging_channel`, and for 'whatsapp' `user_data.ctwa_clid`
 * and `user_data.whatsapp_business_account_id`, and an event name of the business messaging list; a Purchase with `custom_data.value` and `custom_data.currency`.
 */
const ACTION_SOURCES = new Set([
  'email',
  'website',
  'app',
  'phone_call',
  'chat',
  'physical_store',
  'system_generated',
  'business_messaging',
  'other',
]);
const CHANNELS = new Set(['whatsapp', 'messenger', 'instagram']);
/**
 * The event names Meta takes with `action_source: business_messaging`; a standard web event such as `Lead`,
 * `Contact` or `Schedule`, or a custom name, is refused with subcode 2804066 ("Messaging Event Invalid Event
 * Type"). A lead in a chat is `LeadSubmitted`.
 */
const MESSAGING_EVENTS = new Set(['LeadSubmitted', 'Purchase', 'AddToCart', 'InitiateCheckout', 'ViewContent']);
const MAX_EVENTS = 1000;
const MAX_AGE_SECONDS = 7 * 24 * 3600;

/** One event the stand-in accepted, with the dataset it went to. */
export interface ReceivedCapiEvent {
  datasetId: string;
  event: Record<string, unknown>;
  at: Date;
}

/** Meta's Graph error body. */
export interface CapiErrorBody {
  error: { message: string; type: string; code: number; error_subcode?: number; fbtrace_id: string };
}

export interface CapiStandin {
  /** http://127.0.0.1:<port>: set as META_CAPI_BASE_URL. */
  origin: string;
  /** Every accepted event, oldest first (a repeat of an event id is kept too: Meta de-duplicates it). */
  received(): ReceivedCapiEvent[];
  /** Accepted events with distinct (dataset, event_name, event_id): what Meta counts after de-duplication. */
  counted(): ReceivedCapiEvent[];
  /** Every refused request's error, oldest first. */
  refused(): CapiErrorBody['error'][];
  /** The next `count` requests fail as Meta's transient error (HTTP 500, code 2). */
  failNext(count: number): void;
  /**
   * While on, accepted events are recorded (Meta has them) but the answer waits for `release()`: the sender may
   * die before it learns the events arrived (tests of a kill -9).
   */
  hold(on: boolean): void;
  /** Answers every held request. */
  release(): void;
  close(): Promise<void>;
}

/** A token the stand-in takes: what Meta issues (a system user's token starts with 'EAA'). */
export const isStandinToken = (token: string) => /^EAA[A-Za-z0-9]{8,}$/.test(token);

const trace = () => `A${randomBytes(10).toString('base64url')}`;

function metaError(message: string, code: number, subcode?: number, type = 'OAuthException'): CapiErrorBody {
  return {
    error: { message, type, code, ...(subcode ? { error_subcode: subcode } : {}), fbtrace_id: trace() },
  };
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : null);
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

/** Why Meta refuses one event, or null when it takes it. */
function eventProblem(e: Json | null, i: number, nowSeconds: number): CapiErrorBody | null {
  const at = `data[${i}]`;
  if (!e) return metaError(`Invalid parameter: ${at} must be an object`, 100, 2804008);
  if (!str(e.event_name)) return metaError(`Invalid parameter: ${at}.event_name is required`, 100, 2804008);
  if (e.event_time === undefined) return metaError(`Invalid parameter: ${at}.event_time is required`, 100, 2804008);
  const time = Number(e.event_time);
  if (!Number.isInteger(time))
    return metaError(`Invalid parameter: ${at}.event_time must be Unix seconds`, 100, 2804019);
  if (nowSeconds - time > MAX_AGE_SECONDS)
    return metaError(
      `Invalid parameter: event_time of ${at} is too far in the past: events must be sent within 7 days of when they occurred`,
      100,
      2804003,
    );
  if (time - nowSeconds > 60) return metaError(`Invalid parameter: event_time of ${at} is in the future`, 100, 2804004);
  const source = str(e.action_source);
  if (!source) return metaError(`Invalid parameter: ${at}.action_source is required`, 100, 2804050);
  if (!ACTION_SOURCES.has(source)) return metaError(`Invalid parameter: ${at}.action_source is invalid`, 100, 2804050);
  if (source === 'business_messaging') {
    const channel = str(e.messaging_channel);
    if (!channel || !CHANNELS.has(channel))
      return metaError(`Invalid parameter: ${at}.messaging_channel is required for business_messaging`, 100, 2804051);
    if (!MESSAGING_EVENTS.has(String(e.event_name)))
      return metaError(
        `Invalid parameter: ${at}.event_name ${String(e.event_name)} is not a business messaging event (Messaging Event Invalid Event Type)`,
        100,
        2804066,
      );
    const user = obj(e.user_data);
    if (channel === 'whatsapp') {
      if (!str(user?.ctwa_clid))
        return metaError(`Invalid parameter: ${at}.user_data.ctwa_clid is required for whatsapp events`, 100, 2804052);
      if (!str(user?.whatsapp_business_account_id))
        return metaError(
          `Invalid parameter: ${at}.user_data.whatsapp_business_account_id is required for whatsapp events`,
          100,
          2804053,
        );
    }
  }
  if (e.event_name === 'Purchase') {
    const custom = obj(e.custom_data);
    if (typeof custom?.value !== 'number' || !Number.isFinite(custom.value))
      return metaError(`Invalid parameter: ${at}.custom_data.value is required for Purchase`, 100, 2804019);
    if (!str(custom?.currency) || !/^[A-Za-z]{3}$/.test(String(custom!.currency)))
      return metaError(`Invalid parameter: ${at}.custom_data.currency is required for Purchase`, 100, 2804019);
  }
  return null;
}

/**
 * Starts the stand-in on 127.0.0.1 (a free port, or `port`). Refuses to start in production. `now` is its
 * clock (tests move it).
 */
export async function startCapiStandin(o: { nodeEnv: string; port?: number; now?: () => Date }): Promise<CapiStandin> {
  if (o.nodeEnv === 'production') throw new Error(CAPI_STANDIN_IN_PRODUCTION);
  const now = o.now ?? (() => new Date());
  const received: ReceivedCapiEvent[] = [];
  const refused: CapiErrorBody['error'][] = [];
  let failures = 0;
  let holding = false;
  const held: (() => void)[] = [];

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answer = (status: number, body: unknown) => {
        if (status >= 400) refused.push((body as CapiErrorBody).error);
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      };
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const match = /^\/(v\d+\.\d+)\/(\d+)\/events$/.exec(url.pathname);
      if (req.method !== 'POST' || !match)
        return answer(
          400,
          metaError('Unsupported request - method type or path is not supported', 100, 33, 'GraphMethodException'),
        );
      let body: Json | null;
      try {
        const text = Buffer.concat(chunks).toString('utf8');
        body = obj(text ? JSON.parse(text) : {});
      } catch {
        return answer(400, metaError('Invalid JSON in the request body', 100));
      }
      const token = url.searchParams.get('access_token') ?? str(body?.access_token);
      if (!token) return answer(400, metaError('An access token is required to request this resource.', 104));
      if (!isStandinToken(token))
        return answer(400, metaError('Invalid OAuth access token - Cannot parse access token', 190));
      if (failures > 0) {
        failures -= 1;
        return answer(
          500,
          metaError(
            'An unexpected error has occurred. Please retry your request later.',
            2,
            undefined,
            'OAuthException',
          ),
        );
      }
      const data = body?.data;
      if (!Array.isArray(data) || data.length === 0)
        return answer(400, metaError('The parameter data is required', 100));
      if (data.length > MAX_EVENTS)
        return answer(400, metaError(`Invalid parameter: at most ${MAX_EVENTS} events`, 100));
      const seconds = Math.floor(now().getTime() / 1000);
      for (const [i, e] of data.entries()) {
        const problem = eventProblem(obj(e), i, seconds);
        if (problem) return answer(400, problem);
      }
      for (const e of data) received.push({ datasetId: match[2]!, event: e as Json, at: now() });
      const ok = () => answer(200, { events_received: data.length, messages: [], fbtrace_id: trace() });
      if (holding) held.push(ok);
      else ok();
    });
  });
  await new Promise<void>((resolve) => server.listen(o.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received: () => [...received],
    counted: () => {
      const seen = new Set<string>();
      return received.filter((r) => {
        const key = `${r.datasetId}|${String(r.event.event_name)}|${String(r.event.event_id ?? Math.random())}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    },
    refused: () => [...refused],
    failNext: (count: number) => {
      failures = count;
    },
    hold: (on: boolean) => {
      holding = on;
    },
    release: () => {
      for (const answer of held.splice(0)) answer();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
