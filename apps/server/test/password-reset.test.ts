import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verification } from '../src/db/schema/index.ts';
import { createTestApp, TEST_APP_URL, type TestApp } from './helpers/test-app.ts';
import { resetCodeFrom, type SmtpCatcher, startSmtpCatcher } from './helpers/smtp-catcher.ts';

const INVALID_LINK = 'Link de recuperação inválido ou expirado';

let smtp: SmtpCatcher;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'VendAI <nao-responda@vendai.test>' } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** Asks for a reset link and returns the code from the mail the SMTP server received. */
async function requestResetCode(email: string): Promise<string> {
  const since = smtp.mails.length;
  const res = await t.client().post('/api/auth/request-password-reset', { email });
  expect(res.statusCode).toBe(200);
  const mail = await smtp.waitForMail(email, { since });
  return resetCodeFrom(mail.text, TEST_APP_URL);
}

describe('password reset over SMTP', () => {
  it('mails a link, the link works once, and only the new password signs in afterwards', async () => {
    const owner = t.client();
    const person = await owner.registerOk({ fullName: 'Ana Beatriz Lima' });

    const since = smtp.mails.length;
    const ask = await t.client().post('/api/auth/request-password-reset', { email: person.email });
    expect(ask.statusCode).toBe(200);
    const mail = await smtp.waitForMail(person.email, { since });
    expect(mail.subject).toBe('Redefinição de senha — VendAI');
    expect(mail.from).toContain('nao-responda@vendai.test');
    expect(mail.text).toContain('Olá, Ana!');
    const code = resetCodeFrom(mail.text, TEST_APP_URL);
    expect(mail.html).toContain(`/reset-password?code=${encodeURIComponent(code)}`);

    const status = await t.client().get(`/api/account/password-reset/${code}`);
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({ status: 'valid' });

    const newPassword = 'nova-senha-forte-456';
    const reset = await t.client().post('/api/auth/reset-password', { token: code, newPassword });
    expect(reset.statusCode).toBe(200);

    const old = await t.client().signIn(person.email, person.password);
    expect(old.statusCode).toBe(401);
    expect(old.json().error.message).toBe('E-mail ou senha incorretos.');
    const fresh = await t.client().signIn(person.email, newPassword);
    expect(fresh.statusCode).toBe(200);
    // Sessions opened before the reset are revoked.
    expect((await owner.get('/api/account/me')).statusCode).toBe(401);

    // The same link a second time: reported invalid, and the reset is refused in Portuguese.
    expect((await t.client().get(`/api/account/password-reset/${code}`)).json()).toEqual({ status: 'invalid' });
    const again = await t.client().post('/api/auth/reset-password', { token: code, newPassword: 'terceira-senha-789' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: { code: 'INVALID_TOKEN', message: INVALID_LINK } });
    expect((await t.client().signIn(person.email, 'terceira-senha-789')).statusCode).toBe(401);
  });

  it('an expired link is reported as expired and cannot be used', async () => {
    const person = await t.client().registerOk();
    const code = await requestResetCode(person.email);
    await t.database.db
      .update(verification)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(verification.identifier, `reset-password:${code}`));

    const status = await t.client().get(`/api/account/password-reset/${code}`);
    expect(status.json()).toEqual({ status: 'expired' });
    const reset = await t
      .client()
      .post('/api/auth/reset-password', { token: code, newPassword: 'nova-senha-forte-456' });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().error.message).toBe(INVALID_LINK);
    expect((await t.client().signIn(person.email, person.password)).statusCode).toBe(200);
  });

  it('an unknown code is invalid', async () => {
    for (const code of ['codigo-que-nao-existe-123', 'x', '../../etc']) {
      const res = await t.client().get(`/api/account/password-reset/${encodeURIComponent(code)}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'invalid' });
    }
  });

  it('an unknown e-mail answers exactly like a known one and sends nothing', async () => {
    const known = await t.client().registerOk();
    const unknownEmail = 'nao.cadastrado@exemplo.com.br';
    const since = smtp.mails.length;
    const resetRecords = async () =>
      (
        await t.database.db
          .select()
          .from(verification)
          .where(sql`${verification.identifier} like 'reset-password:%'`)
      ).length;
    const recordsBefore = await resetRecords();

    const unknown = await t.client().post('/api/auth/request-password-reset', { email: unknownEmail });
    const knownRes = await t.client().post('/api/auth/request-password-reset', { email: known.email });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(knownRes.json());

    // The known address's mail arrives; by then nothing went to the unknown one.
    await smtp.waitForMail(known.email, { since });
    expect(smtp.mails.slice(since).flatMap((m) => m.recipients)).toEqual([known.email]);
    // Only the known address got a reset record.
    expect(await resetRecords()).toBe(recordsBefore + 1);
  });
});
