/**
 * TRUST_PROXY takes what Fastify's trustProxy takes — a hop count or the proxies' addresses — and
 * never a bare `true`, which would let any client choose its own address through X-Forwarded-For
 * (and so escape every per-address limit). See docs/configuration.md.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../src/config/env.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const base = { APP_URL: 'http://localhost:3000', AUTH_SECRET: 'um-segredo-de-teste-com-mais-de-32-caracteres' };
const trustProxy = (value: string | undefined) => loadEnv({ ...base, TRUST_PROXY: value }).TRUST_PROXY;

describe('TRUST_PROXY parsing', () => {
  it('unset, empty, false and 0 trust no proxy', () => {
    for (const value of [undefined, '', 'false', '0']) expect(trustProxy(value), String(value)).toBe(false);
  });

  it('a number is a hop count; a list holds addresses, CIDR ranges and proxy-addr names', () => {
    expect(trustProxy('1')).toBe(1);
    expect(trustProxy('2')).toBe(2);
    expect(trustProxy('10.0.0.5')).toEqual(['10.0.0.5']);
    expect(trustProxy(' 10.0.0.5, 10.0.1.0/24 ,::1,fd00::/8,loopback ')).toEqual([
      '10.0.0.5',
      '10.0.1.0/24',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses a bare true at start, saying what to set instead', () => {
    expect(() => trustProxy('true')).toThrow(/TRUST_PROXY: não aceita true .*quantos proxies .*endereços/);
  });

  it.each(['yes', '10.0.0', '10.0.0.5/33', '10.0.0.5,', 'proxy.exemplo.com', '-1', '1.5'])(
    'refuses %s with a message',
    (value) => {
      expect(() => trustProxy(value)).toThrow(/TRUST_PROXY: use um número de proxies ou endereços IP\/CIDR/);
    },
  );
});

describe('the client address behind a proxy', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
  });

  /** Wrong sign-ins counted per client address (AUTH_SIGN_IN_FAILURES_PER_IP=2): whose address counts? */
  async function thirdFailure(TRUST_PROXY: string, remoteAddress: string, forwarded: string[]) {
    const t = await createTestApp({ env: { TRUST_PROXY, AUTH_SIGN_IN_FAILURES_PER_IP: '2' } });
    apps.push(t);
    const statuses: number[] = [];
    for (const [i, xff] of forwarded.entries()) {
      const res = await t.client().request({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress,
        headers: { 'x-forwarded-for': xff },
        payload: { email: `alvo.${i}@exemplo.com.br`, password: 'senha-errada-123' },
      });
      statuses.push(res.statusCode);
    }
    return statuses;
  }

  it('with one trusted hop, each client behind the proxy has its own count', async () => {
    expect(await thirdFailure('1', '10.0.0.5', ['203.0.113.1', '203.0.113.2', '203.0.113.3'])).toEqual([401, 401, 401]);
  });

  it('with the proxy listed, the same; from an unlisted address the header is ignored', async () => {
    expect(await thirdFailure('10.0.0.0/8', '10.0.0.5', ['203.0.113.1', '203.0.113.2', '203.0.113.3'])).toEqual([
      401, 401, 401,
    ]);
    expect(await thirdFailure('10.0.0.0/8', '198.51.100.9', ['203.0.113.1', '203.0.113.2', '203.0.113.3'])).toEqual([
      401, 401, 429,
    ]);
  });

  it('without TRUST_PROXY a forged X-Forwarded-For changes nothing', async () => {
    expect(await thirdFailure('false', '198.51.100.9', ['203.0.113.1', '203.0.113.2', '203.0.113.3'])).toEqual([
      401, 401, 429,
    ]);
  });
});
