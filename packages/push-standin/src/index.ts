import { randomUUID } from 'node:crypto';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';
import { decryptPushBody, newUserAgentKeys, Undecryptable, type UserAgentKeys } from './aes128gcm.ts';
import { verifyVapid, VapidRefused } from './vapid.ts';

export const PUSH_STANDIN_IN_PRODUCTION =
  'O serviço de push local (stand-in) nunca é ligado em produção: os navegadores usam o serviço de push deles.';

/** The largest body a push service must accept, and the most Mozilla's autopush and FCM take (RFC 8030 section 7.2). */
export const MAX_PUSH_BODY_BYTES = 4096;

/** A subscription as the browser's PushSubscription.toJSON() gives it (W3C Push API). */
export interface StandinSubscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

/** A push message the stand-in accepted, decrypted as the browser would before its service worker sees it. */
export interface DeliveredPush {
  endpoint: string;
  ttl: number;
  urgency: string;
  topic: string | null;
  /** The VAPID `sub` (the application server's contact). */
  sub: string;
  text: string;
  at: Date;
}

/** Why the stand-in refused a request: what the application server got back. */
export interface RefusedPush {
  endpoint: string;
  status: number;
  reason: string;
}

interface Channel {
  keys: UserAgentKeys;
  applicationServerKey: string;
  expired: boolean;
}

export interface PushStandin {
  /** https://127.0.0.1:<port>: the origin of every endpoint it hands out. */
  origin: string;
  /** Its self-signed certificate (PEM), made at start: the sender trusts it for this origin only. */
  certificate: string;
  /** An https agent that trusts the certificate, for the sender (web-push's `agent` option). */
  agent: https.Agent;
  /**
   * A browser subscribing with `applicationServerKey` (the server's VAPID public key, base64url), as
   * PushManager.subscribe does: a new endpoint and the browser's keys; the private half stays here.
   */
  subscribe(applicationServerKey: string): StandinSubscription;
  /** Every message accepted for an endpoint (all endpoints when omitted), oldest first. */
  delivered(endpoint?: string): DeliveredPush[];
  /** Every request refused, oldest first. */
  refused(): RefusedPush[];
  /** The browser unsubscribed or its permission was revoked: 410 Gone from now on (RFC 8030 section 7.3). */
  expire(endpoint: string): void;
  close(): Promise<void>;
}

const URGENCIES = new Set(['very-low', 'low', 'normal', 'high']);

/**
 * Starts the local push service stand-in on 127.0.0.1 (a free port), over HTTPS like every push
 * service (a self-signed certificate made at start): RFC 8030's push resource
 * (`POST /push/<id>`), as strict as the real services (Mozilla's autopush error table, FCM's Web Push
 * protocol): VAPID required and checked (RFC 8292), `TTL` required, `Urgency` and `Topic` checked,
 * `Content-Encoding: aes128gcm` (RFC 8291) and at most 4096 bytes; 201 Created with a Location; 404 for an
 * unknown endpoint, 410 Gone for an expired one. It decrypts what it accepts (RFC 8291), so tests and
 * tools read what was sent. Refuses to start in production.
 */
export async function startPushStandin(o: { nodeEnv: string }): Promise<PushStandin> {
  if (o.nodeEnv === 'production') throw new Error(PUSH_STANDIN_IN_PRODUCTION);
  const channels = new Map<string, Channel>();
  const delivered: DeliveredPush[] = [];
  const refused: RefusedPush[] = [];
  let origin = '';

  const tls = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const server = https.createServer({ key: tls.private, cert: tls.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_PUSH_BODY_BYTES + 1) chunks.push(c);
    });
    req.on('end', () => {
      const endpoint = `${origin}${req.url ?? ''}`;
      const answer = (status: number, reason: string, headers: Record<string, string> = {}) => {
        if (status >= 300) refused.push({ endpoint, status, reason });
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(status >= 300 ? { code: status, error: reason } : {}));
      };
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1];
      const channel = id ? channels.get(id) : undefined;
      if (req.method !== 'POST') return answer(405, 'only POST delivers a push message');
      if (!channel) return answer(404, 'unknown subscription (errno 102)');
      if (channel.expired) return answer(410, 'subscription expired (errno 103)');
      let sub: string;
      try {
        ({ sub } = verifyVapid(req.headers.authorization, {
          origin,
          applicationServerKey: channel.applicationServerKey,
          nowSeconds: Math.floor(Date.now() / 1000),
        }));
      } catch (err) {
        if (err instanceof VapidRefused) return answer(err.status, `${err.message} (errno 109)`);
        throw err;
      }
      const ttlHeader = req.headers.ttl;
      if (typeof ttlHeader !== 'string' || !/^\d+$/.test(ttlHeader))
        return answer(400, 'missing or invalid TTL header (errno 111, RFC 8030 section 5.2)');
      const urgency = req.headers.urgency ?? 'normal';
      if (typeof urgency !== 'string' || !URGENCIES.has(urgency))
        return answer(400, 'invalid Urgency (RFC 8030 section 5.3)');
      const topic = req.headers.topic;
      if (topic !== undefined && (typeof topic !== 'string' || !/^[A-Za-z0-9_-]{1,32}$/.test(topic)))
        return answer(400, 'invalid Topic (RFC 8030 section 5.4)');
      if (size > MAX_PUSH_BODY_BYTES) return answer(413, 'payload too large (errno 104)');
      const body = Buffer.concat(chunks);
      let text = '';
      if (body.length > 0) {
        if (req.headers['content-encoding'] !== 'aes128gcm')
          return answer(400, 'Content-Encoding must be aes128gcm (RFC 8291; errno 110)');
        try {
          text = decryptPushBody(channel.keys, body).toString('utf8');
        } catch (err) {
          if (err instanceof Undecryptable) return answer(400, `cannot decrypt: ${err.message} (errno 110)`);
          throw err;
        }
      }
      delivered.push({
        endpoint,
        ttl: Number(ttlHeader),
        urgency,
        topic: typeof topic === 'string' ? topic : null,
        sub,
        text,
        at: new Date(),
      });
      answer(201, 'created', { location: `${origin}/m/${randomUUID()}`, ttl: ttlHeader });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new https.Agent({ ca: tls.cert, keepAlive: false });

  return {
    origin,
    certificate: tls.cert,
    agent,
    subscribe(applicationServerKey) {
      const id = randomUUID();
      const keys = newUserAgentKeys();
      channels.set(id, { keys, applicationServerKey, expired: false });
      return {
        endpoint: `${origin}/push/${id}`,
        expirationTime: null,
        keys: { p256dh: keys.ecdh.getPublicKey().toString('base64url'), auth: keys.auth.toString('base64url') },
      };
    },
    delivered: (endpoint) => delivered.filter((d) => endpoint === undefined || d.endpoint === endpoint),
    refused: () => [...refused],
    expire(endpoint) {
      const id = endpoint.slice(`${origin}/push/`.length);
      const channel = channels.get(id);
      if (channel) channel.expired = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
