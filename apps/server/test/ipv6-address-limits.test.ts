/**
 * Per-address limits count an IPv6 client by its /64 (RATE_LIMIT_IPV6_PREFIX; docs/configuration.md,
 * docs/decisions/049-request-cost-before-auth.md): one subscriber gets a whole /64 and can pick a new
 * address in it for every request, so sign-up, sign-in, check-phone and the invitation preview from
 * rotating addresses of one /64 share one count; another /64 has its own; an IPv4-mapped IPv6 address
 * counts as the IPv4 it carries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressKey } from '../src/plugins/client-address.ts';
import { createTestApp, newPerson, type TestApp, type TestClient } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { SIGN_UPS_PER_ADDRESS_PER_HOUR: '3', AUTH_SIGN_IN_FAILURES_PER_IP: '2', AUTH_RATE_LIMIT_PER_MINUTE: '3' },
  });
});
afterAll(async () => {
  await t?.close();
});

let host = 0;
/** A new address in the /64 `prefix` (e.g. '2001:db8:1:2'), never the same twice. */
const rotating = (prefix: string) => {
  host += 1;
  return `${prefix}:${(((host * 7919) % 0xfff0) + 1).toString(16)}:${host.toString(16)}:a${host % 10}:${(host * 31).toString(16)}`;
};

const from = (client: TestClient, remoteAddress: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  client.request({ method, url, remoteAddress, ...(payload ? { payload } : {}) });

describe('addressKey', () => {
  it('keeps IPv4, reads IPv4-mapped IPv6 as IPv4 and cuts IPv6 to its prefix', () => {
    expect(addressKey('203.0.113.7', 64)).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7', 64)).toBe('203.0.113.7');
    expect(addressKey('::FFFF:cb00:7107', 64)).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2:a:b:c:d', 64)).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:DB8:1:2::ffff', 64)).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2:a:b:c:d', 48)).toBe('2001:db8:1::/48');
    expect(addressKey('2001:db8:1:2:a:b:c:d', 56)).toBe('2001:db8:1::/56');
    expect(addressKey('2001:db8:1:2ff:a:b:c:d', 56)).toBe('2001:db8:1:200::/56');
    expect(addressKey('2001:db8:0:0:1:0:0:1', 128)).toBe('2001:db8::1:0:0:1/128');
    expect(addressKey('fe80::1%eth0', 64)).toBe('fe80::/64');
    expect(addressKey('::1', 64)).toBe('::/64');
  });
});

describe('per-address limits from rotating addresses of one IPv6 /64', () => {
  it('sign-ups: 3 an hour for the whole /64; another /64 still signs up', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (await from(t.client(), rotating('2001:db8:10:1'), 'POST', '/api/account/register', newPerson())).statusCode,
      );
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
    const elsewhere = await from(t.client(), rotating('2001:db8:10:2'), 'POST', '/api/account/register', newPerson());
    expect(elsewhere.statusCode).toBe(201);
  });

  it('wrong sign-ins: 2 for the whole /64 across e-mails, then 429', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      const body = { email: `alvo.${i}@exemplo.com.br`, password: 'senha-errada-123' };
      statuses.push(
        (await from(t.client(), rotating('2001:db8:20:1'), 'POST', '/api/auth/sign-in/email', body)).statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 429]);
  });

  it('an IPv4-mapped address counts as its IPv4 address', async () => {
    const statuses = [];
    for (const [i, address] of ['198.51.100.77', '::ffff:198.51.100.77', '198.51.100.77'].entries()) {
      const body = { email: `mapeado.${i}@exemplo.com.br`, password: 'senha-errada-123' };
      statuses.push((await from(t.client(), address, 'POST', '/api/auth/sign-in/email', body)).statusCode);
    }
    expect(statuses).toEqual([401, 401, 429]);
  });

  it('the invitation preview (3 a minute here) counts the whole /64', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const res = await from(t.client(), rotating('2001:db8:30:1'), 'GET', '/api/team/invitations/by-code/nao-existe');
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const elsewhere = await from(
      t.client(),
      rotating('2001:db8:30:2'),
      'GET',
      '/api/team/invitations/by-code/nao-existe',
    );
    expect(elsewhere.statusCode).toBe(200);
  });

  it('check-phone (60 a minute per address) counts the whole /64', async () => {
    const owner = t.client();
    expect((await owner.register(newPerson())).statusCode).toBe(201);
    const phone = { phone: '+5511987650000' };
    for (let i = 0; i < 60; i++) {
      const res = await from(owner, rotating('2001:db8:40:1'), 'POST', '/api/numbers/check-phone', phone);
      expect(res.statusCode, `check ${i + 1}`).toBe(200);
    }
    const next = await from(owner, rotating('2001:db8:40:1'), 'POST', '/api/numbers/check-phone', phone);
    expect(next.statusCode).toBe(429);
    const elsewhere = await from(owner, rotating('2001:db8:40:2'), 'POST', '/api/numbers/check-phone', phone);
    expect(elsewhere.statusCode).toBe(200);
  });
});
