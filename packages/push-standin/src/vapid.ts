import { createPublicKey, verify } from 'node:crypto';

/** The longest a VAPID token may live: 24 hours from the request (RFC 8292 section 2). */
export const VAPID_MAX_LIFETIME_SECONDS = 24 * 60 * 60;

export class VapidRefused extends Error {
  constructor(
    readonly status: 401 | 403,
    message: string,
  ) {
    super(message);
  }
}

const json = (part: string): Record<string, unknown> | null => {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

/**
 * Checks the `Authorization: vapid t=<JWT>, k=<key>` header as a push service does (RFC 8292 sections 2–4):
 * an ES256 JWT signed by `k`; `aud` the push resource's origin; `exp` in the future and at most 24 hours
 * ahead; `sub` a contact (mailto: or https:, which Mozilla's autopush and Apple require). `k` must be the
 * applicationServerKey the subscription was made with (403 otherwise, section 4.2). Throws VapidRefused.
 */
export function verifyVapid(
  header: string | undefined,
  expected: { origin: string; applicationServerKey: string; nowSeconds: number },
): { sub: string } {
  if (!header) throw new VapidRefused(401, 'missing Authorization: vapid');
  const match = /^vapid\s+(.+)$/i.exec(header.trim());
  if (!match) throw new VapidRefused(401, 'Authorization scheme must be vapid (RFC 8292 section 3)');
  const params = new Map(
    match[1]!.split(',').map((p) => {
      const at = p.indexOf('=');
      return [p.slice(0, at).trim(), p.slice(at + 1).trim()] as const;
    }),
  );
  const token = params.get('t');
  const key = params.get('k');
  if (!token || !key) throw new VapidRefused(401, 'vapid needs t and k (RFC 8292 section 3)');
  const parts = token.split('.');
  if (parts.length !== 3) throw new VapidRefused(401, 't is not a JWS compact serialization');
  const [head, body, signature] = parts as [string, string, string];
  const h = json(head);
  if (h?.alg !== 'ES256') throw new VapidRefused(401, 'JWT alg must be ES256 (RFC 8292 section 2)');
  const raw = Buffer.from(key, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) throw new VapidRefused(401, 'k must be an uncompressed P-256 key');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new VapidRefused(401, 'JWT signature does not verify with k');
  const claims = json(body);
  if (!claims) throw new VapidRefused(401, 'JWT claims are not JSON');
  if (claims.aud !== expected.origin) throw new VapidRefused(401, `aud must be ${expected.origin}`);
  const exp = claims.exp;
  if (typeof exp !== 'number' || exp <= expected.nowSeconds) throw new VapidRefused(401, 'JWT expired (exp)');
  if (exp > expected.nowSeconds + VAPID_MAX_LIFETIME_SECONDS)
    throw new VapidRefused(401, 'exp more than 24 hours ahead (RFC 8292 section 2)');
  const sub = claims.sub;
  if (typeof sub !== 'string' || !/^(mailto:|https:\/\/)/.test(sub))
    throw new VapidRefused(401, 'sub must be a mailto: or https: contact');
  if (key.replace(/=+$/, '') !== expected.applicationServerKey.replace(/=+$/, ''))
    throw new VapidRefused(403, 'k is not the applicationServerKey of this subscription (RFC 8292 section 4.2)');
  return { sub };
}
