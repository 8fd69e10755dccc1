/**
 * E-mail links are credentials (docs/decisions/020-production-mode.md): in production without
 * SMTP_URL a reset is refused with a Portuguese message and a log line without any link, and the
 * outbox logs no link; outside production the outbox still prints the link, so a person can reset a
 * password with no mail server. The app's real logger is captured line by line.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadEnv } from '../src/config/env.ts';
import { mailOutbox } from '../src/db/schema/index.ts';
import { waitFor } from './helpers/gateway-helpers.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';
import { newPerson, notConfirmationMail, TEST_APP_URL, TEST_ORIGIN } from './helpers/test-app.ts';

interface LoggedApp {
  app: FastifyInstance;
  database: TestDatabase;
  logged: () => string;
}

const opened: LoggedApp[] = [];
const folders: string[] = [];
afterAll(async () => {
  for (const { app, database } of opened) {
    await app.close();
    await database.dispose();
  }
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

async function startApp(env: Record<string, string>): Promise<LoggedApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vendai-reset-prod-'));
  folders.push(dataDir);
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const database = await createTestDatabase();
  const app = await buildApp({
    env: loadEnv({ APP_URL: TEST_APP_URL, DATA_DIR: dataDir, WEB_DIST_DIR: dataDir, ...env }),
    database,
    logger: { level: 'info', stream },
  });
  await app.ready();
  const started = { app, database, logged: () => lines.join('') };
  opened.push(started);
  return started;
}

async function register(app: FastifyInstance): Promise<string> {
  const person = newPerson();
  const res = await app.inject({
    method: 'POST',
    url: '/api/account/register',
    headers: { origin: TEST_ORIGIN },
    payload: person,
  });
  expect(res.statusCode, res.body).toBe(201);
  return person.email;
}

async function askReset(app: FastifyInstance, email: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    headers: { origin: TEST_ORIGIN },
    payload: { email, redirectTo: '/reset-password' },
  });
}

const outboxFor = (database: TestDatabase, email: string) =>
  database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), notConfirmationMail()));

describe('password reset in production without SMTP_URL', () => {
  it('is refused with a clear Portuguese message, a log line without a link, and no mail stored', async () => {
    const { app, database, logged } = await startApp({
      NODE_ENV: 'production',
      AUTH_SECRET: 'um-segredo-de-producao-bem-comprido-0123456789',
      SIMULATOR_ENABLED: 'true',
      AI_PROVIDER: 'demo',
    });
    const email = await register(app);
    const res = await askReset(app, email);
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toBe(
      'A recuperação de senha por e-mail não está disponível neste servidor (o envio de e-mails não foi configurado). ' +
        'Fale com o suporte para recuperar o acesso.',
    );
    // An unknown address gets the same answer: the refusal tells nothing about accounts.
    expect((await askReset(app, 'ninguem@exemplo.com.br')).json()).toEqual(res.json());
    expect(logged()).toContain('password reset refused: SMTP_URL is not set in production');
    expect(logged()).not.toContain('reset-password?code=');

    // Any other mail kept in the outbox (feedback, alerts) is stored, and logged without its links.
    await app.deps.mailer.send({
      to: 'suporte@vendai.local',
      subject: 'Feedback',
      text: `Veja ${TEST_APP_URL}/reset-password?code=codigo-secreto-123 e https://exemplo.com/a`,
    });
    expect(logged()).toContain('E-mail guardado na caixa de saída (SMTP_URL não definido)');
    expect(logged()).not.toContain('codigo-secreto-123');
    expect(logged()).not.toContain('https://exemplo.com/a');
    // The refusal comes before the handler that would queue a reset mail, so nothing for the account
    // can arrive after the 503; checked once a later mail is in the outbox.
    expect(await outboxFor(database, 'suporte@vendai.local')).toHaveLength(1);
    expect(await outboxFor(database, email)).toEqual([]);
  });
});

describe('password reset outside production without SMTP_URL', () => {
  it('keeps the mail in the outbox and prints its link to the log', async () => {
    const { app, database, logged } = await startApp({ NODE_ENV: 'test' });
    const email = await register(app);
    expect((await askReset(app, email)).statusCode).toBe(200);
    // The mail is queued after the answer: wait for its row.
    const rows = await waitFor(
      async () => {
        const found = await outboxFor(database, email);
        return found.length > 0 ? found : null;
      },
      { what: 'the reset mail in the outbox', timeoutMs: 15_000 },
    );
    expect(rows).toHaveLength(1);
    const link = /https?:\/\/\S+reset-password\?code=\S+/.exec(rows[0]!.text)![0];
    expect(logged()).toContain(`E-mail guardado na caixa de saída: ${link}`);
  });
});
