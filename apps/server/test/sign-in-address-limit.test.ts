/**
 * docs/decisions/010-input-hardening.md: wrong sign-ins are capped per client address across e-mails
 * (AUTH_SIGN_IN_FAILURES_PER_IP in 15 minutes), on top of the per-e-mail limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type RegisterBody, type TestApp } from './helpers/test-app.ts';

const CAP = 5;
let t: TestApp;
let person: RegisterBody;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_SIGN_IN_FAILURES_PER_IP: String(CAP) } });
  person = await t.client().registerOk();
});
afterAll(async () => {
  await t?.close();
});

function signInFrom(remoteAddress: string, email: string, password: string) {
  return t
    .client()
    .request({ method: 'POST', url: '/api/auth/sign-in/email', remoteAddress, payload: { email, password } });
}

describe('sign-in cap per client address', () => {
  it(`after ${CAP} wrong sign-ins over ${CAP} e-mails, that address gets 429 for any e-mail — others still sign in`, async () => {
    const attacker = '203.0.113.7';
    for (let i = 1; i <= CAP; i++) {
      const res = await signInFrom(attacker, `alvo.${i}@exemplo.com.br`, 'senha-errada-123');
      expect(res.statusCode, `attempt ${i}`).toBe(401);
    }
    const next = await signInFrom(attacker, 'alvo.novo@exemplo.com.br', 'senha-errada-123');
    expect(next.statusCode).toBe(429);
    expect(next.json()).toEqual({
      error: { code: 'RATE_LIMITED', message: 'Muitas tentativas. Aguarde um minuto e tente novamente.' },
    });
    // Even the right password, from that address, waits.
    expect((await signInFrom(attacker, person.email, person.password)).statusCode).toBe(429);
    // The same person elsewhere is not locked out.
    const elsewhere = await signInFrom('198.51.100.20', person.email, person.password);
    expect(elsewhere.statusCode).toBe(200);
  });

  it('successful sign-ins do not count toward the cap', async () => {
    const office = '192.0.2.50';
    for (let i = 1; i <= CAP + 1; i++) {
      const res = await signInFrom(office, person.email, person.password);
      expect(res.statusCode, `sign-in ${i}`).toBe(200);
    }
  });
});
