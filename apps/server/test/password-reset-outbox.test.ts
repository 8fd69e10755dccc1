import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../src/db/schema/index.ts';
import { createTestApp, notConfirmationMail, TEST_APP_URL, type TestApp } from './helpers/test-app.ts';
import { waitFor } from './helpers/gateway-helpers.ts';
import { resetCodeFrom } from './helpers/smtp-catcher.ts';

/** No SMTP_URL: the local default keeps mail in the mail_outbox table. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('password reset with the outbox mailer', () => {
  it('reports the outbox mailer in /api/health', async () => {
    const res = await t.client().get('/api/health');
    expect(res.json()).toMatchObject({ ok: true, mail: 'outbox', database: t.database.kind });
  });

  it('stores the reset mail, with a working link, in mail_outbox', async () => {
    const person = await t.client().registerOk();
    const ask = await t.client().post('/api/auth/request-password-reset', { email: person.email });
    expect(ask.statusCode).toBe(200);

    // The mail is queued after the answer: wait for its row.
    const rows = await waitFor(
      async () => {
        const found = await t.database.db
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.to, person.email), notConfirmationMail()));
        return found.length > 0 ? found : null;
      },
      { what: 'the reset mail in the outbox', timeoutMs: 15_000 },
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.subject).toBe('Redefinição de senha — VendAI');
    const code = resetCodeFrom(rows[0]!.text, TEST_APP_URL);
    expect(rows[0]!.html).toContain('/reset-password?code=');

    expect((await t.client().get(`/api/account/password-reset/${code}`)).json()).toEqual({ status: 'valid' });
    const reset = await t
      .client()
      .post('/api/auth/reset-password', { token: code, newPassword: 'nova-senha-forte-456' });
    expect(reset.statusCode).toBe(200);
    expect((await t.client().signIn(person.email, 'nova-senha-forte-456')).statusCode).toBe(200);
  });
});
