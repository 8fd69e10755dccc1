import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets kept in the database (a number's WhatsApp Cloud API access token) are sealed with
 * AES-256-GCM under a key from the configuration (META_TOKEN_ENCRYPTION_KEY: 32 bytes as 64 hex
 * characters or base64). The stored form is `v1.<iv>.<tag>.<ciphertext>` (base64url): a fresh 12-byte
 * IV per seal, and the 16-byte tag makes any change to the stored text fail to open.
 */

const VERSION = 'v1';

/** The 32-byte key from its configured text (64 hex characters, or base64 of 32 bytes); throws otherwise. */
export function parseSecretKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new Error('a chave precisa ter 32 bytes (64 caracteres hex ou base64)');
  return key;
}

export function sealSecret(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv, tag, ciphertext].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

/** The plaintext of a sealed secret; throws when the text was changed, is malformed, or the key differs. */
export function openSecret(key: Buffer, sealed: string): string {
  const [version, iv, tag, ciphertext, ...rest] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined || rest.length)
    throw new Error('segredo selado inválido');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}
