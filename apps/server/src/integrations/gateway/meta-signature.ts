import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header Meta signs every webhook POST with: `sha256=<hex HMAC-SHA256 of the raw body, key = app secret>`. */
export const META_SIGNATURE_HEADER = 'x-hub-signature-256';

/** Whether a header has the signature's shape at all (checked before the body is read). */
export function looksLikeMetaSignature(header: unknown): header is string {
  return typeof header === 'string' && /^sha256=[0-9a-f]{64}$/i.test(header);
}

/** Constant-time check of `X-Hub-Signature-256` against the raw bytes as received; false without a secret. */
export function metaSignatureMatches(raw: Buffer, header: unknown, appSecret: string | undefined): boolean {
  if (!appSecret || !looksLikeMetaSignature(header)) return false;
  const expected = createHmac('sha256', appSecret).update(raw).digest();
  const presented = Buffer.from(header.slice('sha256='.length), 'hex');
  return presented.length === expected.length && timingSafeEqual(presented, expected);
}

/** Constant-time check of the verify token Meta echoes at GET verification; false when none is configured. */
export function metaVerifyTokenMatches(presented: unknown, configured: string | undefined): boolean {
  if (!configured || typeof presented !== 'string') return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(configured);
  return a.length === b.length && timingSafeEqual(a, b);
}
