import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSecret, parseSecretKey, sealSecret } from './secret-box.ts';

describe('secret box (AES-256-GCM)', () => {
  const key = randomBytes(32);

  it('seals and opens, with a fresh IV each time', () => {
    const a = sealSecret(key, 'EAAG-token-ção');
    const b = sealSecret(key, 'EAAG-token-ção');
    expect(a).not.toBe(b);
    expect(a).not.toContain('EAAG');
    expect(openSecret(key, a)).toBe('EAAG-token-ção');
    expect(openSecret(key, b)).toBe('EAAG-token-ção');
  });

  it('refuses a changed ciphertext, a changed tag, another key and a malformed text', () => {
    const sealed = sealSecret(key, 'segredo');
    const [v, iv, tag, ct] = sealed.split('.');
    const flip = (s: string) => {
      const buf = Buffer.from(s, 'base64url');
      buf[0]! ^= 1;
      return buf.toString('base64url');
    };
    expect(() => openSecret(key, [v, iv, tag, flip(ct!)].join('.'))).toThrow();
    expect(() => openSecret(key, [v, iv, flip(tag!), ct].join('.'))).toThrow();
    expect(() => openSecret(randomBytes(32), sealed)).toThrow();
    expect(() => openSecret(key, 'v1.abc')).toThrow('segredo selado inválido');
    expect(() => openSecret(key, `v2.${iv}.${tag}.${ct}`)).toThrow('segredo selado inválido');
  });

  it('reads the key as 64 hex characters or base64 of 32 bytes', () => {
    expect(parseSecretKey(key.toString('hex'))).toEqual(key);
    expect(parseSecretKey(key.toString('base64'))).toEqual(key);
    expect(() => parseSecretKey('curta')).toThrow('32 bytes');
  });
});
