/**
 * The local push service stand-in is as strict as the real ones, checked with the web-push library the
 * app sends with. What it holds to: RFC 8030 (section 5: POST to the push resource, 201 Created with a
 * Location; 5.2 TTL required; 5.3 Urgency; 7.2/7.3 404 and 410), RFC 8292 (section 2: an ES256 JWT with
 * `aud` the push resource's origin and `exp` at most 24 hours ahead; 4.2: 403 when `k` is not the key the
 * subscription was made with), RFC 8291 (aes128gcm, one record) and the 4096-byte limit of Mozilla's
 * autopush (https://mozilla-services.github.io/autopush-rs/errors.html: 400 errno 111 missing TTL,
 * 401 errno 109, 404 errno 102, 410 errno 103, 413 errno 104) and of FCM's Web Push protocol
 * (https://developer.chrome.com/blog/web-push-interop-wins).
 */
import { createPrivateKey, sign } from 'node:crypto';
import https from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { MAX_PUSH_BODY_BYTES, type PushStandin, startPushStandin } from './index.ts';

const vapid = webpush.generateVAPIDKeys();
const details = { subject: 'mailto:dona@loja.test', ...vapid };
let standin: PushStandin;

beforeAll(async () => {
  standin = await startPushStandin({ nodeEnv: 'test' });
});
afterAll(async () => standin.close());

const asWebPush = (s: ReturnType<PushStandin['subscribe']>) => ({ endpoint: s.endpoint, keys: s.keys });

/** The request web-push would make, to tamper with before it is sent. */
function request(s: ReturnType<PushStandin['subscribe']>, payload: string, options: webpush.RequestOptions = {}) {
  const r = webpush.generateRequestDetails(asWebPush(s), payload, { TTL: 60, vapidDetails: details, ...options });
  return { url: r.endpoint, headers: { ...r.headers } as Record<string, string>, body: r.body };
}

/** Posts as an application server would, trusting the stand-in's certificate. */
const post = (r: ReturnType<typeof request>) =>
  new Promise<{ status: number }>((resolve, reject) => {
    const req = https.request(r.url, { method: 'POST', headers: r.headers, agent: standin.agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
    });
    req.on('error', reject);
    req.end(r.body);
  });

/** A VAPID token signed by hand, for claims web-push itself would refuse to write. */
function token(claims: Record<string, unknown>): string {
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const input = `${enc({ typ: 'JWT', alg: 'ES256' })}.${enc(claims)}`;
  const pub = Buffer.from(vapid.publicKey, 'base64url');
  const key = createPrivateKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      d: vapid.privateKey,
      x: pub.subarray(1, 33).toString('base64url'),
      y: pub.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signature = sign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' }).toString('base64url');
  return `vapid t=${input}.${signature}, k=${vapid.publicKey}`;
}

describe('the push service stand-in', () => {
  it('accepts a web-push message (201 Created, Location) and decrypts it as the browser would', async () => {
    const s = standin.subscribe(vapid.publicKey);
    const res = await webpush.sendNotification(asWebPush(s), '{"title":"Olá, Dona"}', {
      TTL: 120,
      urgency: 'high',
      vapidDetails: details,
      agent: standin.agent,
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers.location).toMatch(new RegExp(`^${standin.origin}/m/`));
    expect(standin.delivered(s.endpoint)).toMatchObject([
      { text: '{"title":"Olá, Dona"}', ttl: 120, urgency: 'high', sub: 'mailto:dona@loja.test' },
    ]);
  });

  it('refuses what a push service refuses', async () => {
    const s = standin.subscribe(vapid.publicKey);
    const status = async (r: ReturnType<typeof request>) => (await post(r)).status;

    const noTtl = request(s, 'x');
    delete noTtl.headers.TTL;
    expect(await status(noTtl)).toBe(400);

    const noAuth = request(s, 'x');
    delete noAuth.headers.Authorization;
    expect(await status(noAuth)).toBe(401);

    const aud = standin.origin;
    const now = Math.floor(Date.now() / 1000);
    const withToken = (claims: Record<string, unknown>) => ({
      ...request(s, 'x'),
      headers: { ...request(s, 'x').headers, Authorization: token(claims) },
    });
    expect(await status(withToken({ aud, exp: now + 3600, sub: 'mailto:dona@loja.test' }))).toBe(201);
    expect(await status(withToken({ aud, exp: now + 25 * 3600, sub: 'mailto:dona@loja.test' }))).toBe(401);
    expect(await status(withToken({ aud, exp: now - 10, sub: 'mailto:dona@loja.test' }))).toBe(401);
    expect(await status(withToken({ aud: 'https://outro.test', exp: now + 60, sub: 'mailto:a@b.test' }))).toBe(401);
    expect(await status(withToken({ aud, exp: now + 60 }))).toBe(401);
    expect(await status(withToken({ aud, exp: now + 60, sub: 'dona' }))).toBe(401);

    // Signed with another key than the one the browser subscribed with: 403 (RFC 8292 section 4.2).
    const other = webpush.generateVAPIDKeys();
    expect(await status(request(s, 'x', { vapidDetails: { subject: 'mailto:a@b.test', ...other } }))).toBe(403);

    // The old 'aesgcm' draft encoding is refused; so is a body that does not decrypt.
    const aesgcm = request(s, 'x');
    aesgcm.headers['Content-Encoding'] = 'aesgcm';
    expect(await status(aesgcm)).toBe(400);
    const forged = request(s, 'x');
    forged.body = Buffer.concat([forged.body.subarray(0, forged.body.length - 1), Buffer.from([0])]);
    expect(await status(forged)).toBe(400);

    // Over 4096 bytes: 413.
    expect(await status(request(s, 'x'.repeat(MAX_PUSH_BODY_BYTES)))).toBe(413);

    // An endpoint it never handed out: 404; one the browser dropped: 410 Gone.
    expect(await status({ ...request(s, 'x'), url: `${standin.origin}/push/desconhecido` })).toBe(404);
    standin.expire(s.endpoint);
    expect(await status(request(s, 'x'))).toBe(410);

    expect(standin.delivered(s.endpoint)).toHaveLength(1);
    expect(standin.refused().map((r) => r.status)).toEqual([
      400, 401, 401, 401, 401, 401, 401, 403, 400, 400, 413, 404, 410,
    ]);
  });

  it('never starts in production', async () => {
    await expect(startPushStandin({ nodeEnv: 'production' })).rejects.toThrow(/nunca é ligado em produção/);
  });
});
