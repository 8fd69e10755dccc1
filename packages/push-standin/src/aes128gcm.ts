import { createDecipheriv, createECDH, createHmac, randomBytes } from 'node:crypto';

/**
 * The user agent's half of Web Push message encryption (RFC 8291 over RFC 8188's aes128gcm): what a
 * browser does with a push message before its service worker sees it. The stand-in uses it to read what
 * the application server sent; a message it cannot decrypt is refused, where a real browser would drop it
 * silently.
 */
export interface UserAgentKeys {
  /** P-256 key pair (uncompressed public key, 65 bytes). */
  ecdh: ReturnType<typeof createECDH>;
  /** The 16-byte authentication secret. */
  auth: Buffer;
}

export function newUserAgentKeys(): UserAgentKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, auth: randomBytes(16) };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();
const info = (label: string) => Buffer.concat([Buffer.from(`Content-Encoding: ${label}\0`), Buffer.from([1])]);

/** RFC 8291 section 3.4: the input keying material from the ECDH secret and the auth secret. */
function keyMaterial(ua: UserAgentKeys, asPublic: Buffer): Buffer {
  const secret = ua.ecdh.computeSecret(asPublic);
  const prkKey = hmac(ua.auth, secret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ua.ecdh.getPublicKey(), asPublic, Buffer.from([1])]);
  return hmac(prkKey, keyInfo);
}

export class Undecryptable extends Error {}

/**
 * Decrypts one aes128gcm body (RFC 8188 section 2: salt 16, rs 4, idlen 1, keyid = the application
 * server's ephemeral public key, 65 bytes in Web Push) made of one record, as RFC 8291 section 4 requires.
 */
export function decryptPushBody(ua: UserAgentKeys, body: Buffer): Buffer {
  if (body.length < 21) throw new Undecryptable('too short for the aes128gcm header');
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  if (idlen !== 65) throw new Undecryptable('keyid must be the 65-byte P-256 public key (RFC 8291 section 4)');
  if (rs < 18) throw new Undecryptable('record size below 18');
  const asPublic = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  if (record.length > rs) throw new Undecryptable('more than one record (RFC 8291 section 4 allows one)');
  if (record.length < 17) throw new Undecryptable('record too short');
  const prk = hmac(salt, keyMaterial(ua, asPublic));
  const cek = hmac(prk, info('aes128gcm')).subarray(0, 16);
  const nonce = hmac(prk, info('nonce')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  let padded: Buffer;
  try {
    padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  } catch {
    throw new Undecryptable('authentication tag mismatch');
  }
  // The last record ends with the delimiter 0x02 and zero padding (RFC 8188 section 2).
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (end < 0 || padded[end] !== 2) throw new Undecryptable('missing the last-record delimiter 0x02');
  return padded.subarray(0, end);
}
