/**
 * Verified e-mail (docs/decisions/051-verified-email-and-membership-end.md), over HTTP on the real app:
 * sign-up signs the person in and mails a confirmation link; until it is opened the account cannot
 * invite (403), choose a Pix provider (403) nor charge; 'Reenviar e-mail' is limited; the link confirms.
 * The invitation mail is fixed text (the account's name only quoted, capped and without links), and
 * production without SMTP refuses the e-mail delivery while 'Copiar link' still works. PGlite and PostgreSQL.
 */
import fs from 'node:fs';
import path from 'node:path';
import { and, desc, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_MESSAGES } from '@vendai/contracts/team';
import { mailOutbox, user } from '../src/db/schema/index.ts';
import { PIX_NEEDS_VERIFIED_EMAIL } from '../src/domain/account/email-verified.ts';
import {
  VERIFICATION_RESENDS_LIMITED_MESSAGE,
  VERIFICATION_RESENDS_PER_HOUR,
} from '../src/modules/account/email-verification.ts';
import { QUOTED_NAME_MAX } from '../src/modules/team/account-name-text.ts';
import {
  confirmationCodeFor,
  createTestApp,
  newPerson,
  PRODUCTION_TEST_ENV,
  type TestApp,
  type TestClient,
} from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
const db = () => t.database.db;

async function signUp(app: TestApp, overrides: Parameters<typeof newPerson>[0] = {}) {
  const client = app.client();
  const person = newPerson(overrides);
  const res = await client.register(person);
  expect(res.statusCode, res.body).toBe(201);
  return { client, person, id: res.json().user.id as string };
}

const latestMail = async (app: TestApp, to: string, subject: string) =>
  (
    await app.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, to.toLowerCase()), like(mailOutbox.subject, `${subject}%`)))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1)
  )[0];

const refusal = (res: { json(): unknown }) => (res.json() as { error: { message: string } }).error.message;

describe('a new account confirms its e-mail before inviting or receiving money', () => {
  it('is signed in at once, gets the link, is refused in Portuguese until it opens it, then can', async () => {
    const { client, person } = await signUp(t);
    const me = (await client.get('/api/account/me')).json();
    expect(me.user.emailVerified).toBe(false);
    const mail = await latestMail(t, person.email, 'Confirme seu e-mail');
    expect(mail?.text).toMatch(/http:\/\/localhost:3000\/confirmar-email\?code=[\w-]+/);

    const invite = await client.post('/api/team/invitations', { email: 'bruno@exemplo.com.br' });
    expect(invite.statusCode).toBe(403);
    expect(refusal(invite)).toBe(TEAM_MESSAGES.inviteNeedsVerifiedEmail);
    expect(await latestMail(t, 'bruno@exemplo.com.br', 'Convite')).toBeUndefined();
    const pix = await client.request({ method: 'PUT', url: '/api/pix/settings', payload: { provider: 'standin' } });
    expect(pix.statusCode).toBe(403);
    expect(refusal(pix)).toBe(PIX_NEEDS_VERIFIED_EMAIL);
    expect((await client.get('/api/pix/settings')).json().configured).toBe(false);

    // A wrong or tampered code: 400 in Portuguese, nothing confirmed.
    const code = await confirmationCodeFor(db(), person.email);
    for (const bad of ['nao-e-um-codigo', `${code.slice(0, -4)}AAAA`]) {
      const res = await t.client().post('/api/account/email-verification/confirm', { code: bad });
      expect(res.statusCode).toBe(400);
      expect(refusal(res)).toContain('Link de confirmação inválido');
    }
    expect((await client.get('/api/account/me')).json().user.emailVerified).toBe(false);

    // The link, opened signed out (another browser): confirmed; the signed-in session sees it at once.
    const opened = await t.client().post('/api/account/email-verification/confirm', { code });
    expect(opened.statusCode, opened.body).toBe(200);
    expect((await client.get('/api/account/me')).json().user.emailVerified).toBe(true);
    const invited = await client.post('/api/team/invitations', { email: 'bruno@exemplo.com.br' });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json()).toMatchObject({ mailed: true, link: expect.stringMatching(/\/convite\?code=/) });
    const saved = await client.request({ method: 'PUT', url: '/api/pix/settings', payload: { provider: 'standin' } });
    expect(saved.statusCode, saved.body).toBe(200);
    // Opening it again is harmless.
    expect((await t.client().post('/api/account/email-verification/confirm', { code })).statusCode).toBe(200);
  });

  it("'Reenviar e-mail' sends a new link to the person's own address, a few an hour; none once confirmed", async () => {
    const { client, person } = await signUp(t);
    const signedOut = await t.client().post('/api/account/email-verification', {});
    expect(signedOut.statusCode).toBe(401);
    for (let i = 0; i < VERIFICATION_RESENDS_PER_HOUR; i++) {
      const res = await client.post('/api/account/email-verification', {});
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ sentTo: person.email.toLowerCase() });
    }
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, person.email.toLowerCase()), like(mailOutbox.subject, 'Confirme seu e-mail%')));
    expect(mails).toHaveLength(1 + VERIFICATION_RESENDS_PER_HOUR);
    const limited = await client.post('/api/account/email-verification', {});
    expect(limited.statusCode).toBe(429);
    expect(refusal(limited)).toBe(VERIFICATION_RESENDS_LIMITED_MESSAGE);

    // Any of the links works (the newest here).
    await client.confirmEmail(db(), person.email);
    const other = await signUp(t);
    await other.client.confirmEmail(db(), other.person.email);
    const again = await other.client.post('/api/account/email-verification', {});
    expect(again.statusCode).toBe(409);
    expect(refusal(again)).toBe('Seu e-mail já está confirmado.');
  });

  it('better-auth’s own confirmation endpoints are closed (they would mail any address, signed out and unlimited)', async () => {
    const { person } = await signUp(t);
    const before = await db().select().from(mailOutbox).where(eq(mailOutbox.to, person.email.toLowerCase()));
    const send = await t.client().post('/api/auth/send-verification-email', { email: person.email });
    expect(send.statusCode).toBe(404);
    const code = await confirmationCodeFor(db(), person.email);
    const token = Buffer.from(code, 'base64url').toString('utf8');
    const verify = await t.client().get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
    expect(verify.statusCode).toBe(404);
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.to, person.email.toLowerCase()))).toHaveLength(
      before.length,
    );
    const [row] = await db().select().from(user).where(eq(user.email, person.email.toLowerCase()));
    expect(row?.emailVerified).toBe(false);
  });

  it('accounts that existed before the change are treated as confirmed by the migration', async () => {
    const { client, id } = await signUp(t);
    const migration = fs.readFileSync(
      path.join(import.meta.dirname, '../drizzle/0039_existing-accounts-email-verified.sql'),
      'utf8',
    );
    await t.database.db.execute(sql.raw(migration));
    const [row] = await db().select().from(user).where(eq(user.id, id));
    expect(row?.emailVerified).toBe(true);
    expect((await client.get('/api/account/me')).json().user.emailVerified).toBe(true);
  });
});

describe('the invitation mail', () => {
  it("has a fixed subject and only the account's name quoted, capped and without links or control characters", async () => {
    const hostile =
      'Ganhe R$ 5.000\u0007 acesse https://golpe.exemplo.com/pix ou www.golpe.com.br\u202e fale com pix@golpe.com já';
    const { client, person } = await signUp(t, { fullName: hostile });
    await client.confirmEmail(db(), person.email);
    const to = 'convidado.mail@exemplo.com.br';
    expect((await client.post('/api/team/invitations', { email: to })).statusCode).toBe(201);
    const mail = (await latestMail(t, to, 'Convite'))!;
    expect(mail.subject).toBe('Convite para uma equipe no VendAI');
    for (const body of [mail.text, mail.html ?? '']) {
      expect(body).not.toContain('golpe');
      expect(body).not.toContain('www.');
      // The bell and the right-to-left override the name carried (the text's own line breaks aside).
      expect(body).not.toContain('\u0007');
      expect(body).not.toContain('\u202e');
    }
    const quoted = /conta “([^”]*)”/.exec(mail.text)![1]!;
    expect(Array.from(quoted).length).toBeLessThanOrEqual(QUOTED_NAME_MAX);
    expect(quoted).toContain('[link removido]');
    expect(quoted.endsWith('…')).toBe(true);
    // The only link in the mail is the invitation's.
    expect(mail.text.match(/https?:\/\/\S+/g)).toEqual([
      expect.stringMatching(/^http:\/\/localhost:3000\/convite\?code=/),
    ]);
  });
});

describe('production without SMTP', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp({ env: PRODUCTION_TEST_ENV });
  });
  afterAll(async () => {
    await prod?.close();
  });

  async function confirmedOwner(): Promise<{ client: TestClient; email: string }> {
    const { client, person } = await signUp(prod);
    // The link lands only in the outbox table here; opening it is what a person handed the link would do.
    await client.confirmEmail(prod.database.db, person.email);
    return { client, email: person.email };
  }

  it("refuses the e-mail delivery with a Portuguese message and gives the owner the link to copy; 'Reenviar e-mail' says mail is off", async () => {
    const { client } = await confirmedOwner();
    const to = 'convidado.prod@exemplo.com.br';
    const refused = await client.post('/api/team/invitations', { email: to });
    expect(refused.statusCode).toBe(503);
    expect(refusal(refused)).toBe(TEAM_MESSAGES.inviteWithoutMail);
    expect((await client.get('/api/team')).json().invitations).toEqual([]);
    expect(await latestMail(prod, to, 'Convite')).toBeUndefined();

    const copied = await client.post('/api/team/invitations', { email: to, delivery: 'link' });
    expect(copied.statusCode, copied.body).toBe(201);
    expect(copied.json()).toMatchObject({ email: to, mailed: false });
    const code = new URL(copied.json().link as string).searchParams.get('code')!;
    expect(copied.json().link).toMatch(/^http:\/\/localhost:3000\/convite\?code=/);
    expect(await latestMail(prod, to, 'Convite')).toBeUndefined();
    const preview = (await prod.client().get(`/api/team/invitations/by-code/${encodeURIComponent(code)}`)).json();
    expect(preview).toMatchObject({ status: 'valid', email: to });

    const fresh = await signUp(prod);
    const resend = await fresh.client.post('/api/account/email-verification', {});
    expect(resend.statusCode).toBe(503);
    expect(refusal(resend)).toContain('O envio de e-mails não está configurado neste servidor');
  });

  it("'Copiar link' works outside production too, without sending a mail", async () => {
    const { client, person } = await signUp(t);
    await client.confirmEmail(db(), person.email);
    const to = 'copia.dev@exemplo.com.br';
    const res = await client.post('/api/team/invitations', { email: to, delivery: 'link' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().mailed).toBe(false);
    expect(await latestMail(t, to, 'Convite')).toBeUndefined();
  });
});
