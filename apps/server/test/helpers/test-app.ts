/**
 * The real app (same buildApp as `npm start`) on a fresh test database, driven over HTTP with
 * `app.inject`. Requests carry the app's Origin (better-auth refuses cross-origin calls) and a
 * cookie jar per person, so a test reads like a person using the API.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { type Env, loadEnv } from '../../src/config/env.ts';
import type { Mailer } from '../../src/integrations/mail/mailer.ts';
import type { Db } from '../../src/db/client.ts';
import type { Gateway } from '../../src/integrations/gateway/gateway.ts';
import { and, desc, eq, like, notLike } from 'drizzle-orm';
import { mailOutbox } from '../../src/db/schema/index.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

export const TEST_APP_URL = 'http://localhost:3000';
export const TEST_ORIGIN = TEST_APP_URL;
/** The tiny SPA build every test app serves; tests look for this marker. */
export const SPA_MARKER = 'vendai-test-spa';
export const SESSION_COOKIE = 'vendai.session_token';

/** The least a production start accepts; nothing listens on port 9, so the gateway never answers. */
export const PRODUCTION_TEST_ENV = {
  NODE_ENV: 'production',
  AUTH_SECRET: 'um-segredo-de-producao-bem-longo-e-aleatorio-0123456789abcdef',
  EVOLUTION_API_URL: 'http://127.0.0.1:9/',
  EVOLUTION_API_KEY: 'chave-da-evolution',
  AI_PROVIDER: 'demo',
};

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  env: Env;
  /** A new person with their own cookie jar. */
  client(): TestClient;
  close(): Promise<void>;
}

/**
 * Builds the app with test settings. `env` adds or overrides variables (e.g. SMTP_URL); everything
 * else is the real configuration path through loadEnv.
 */
export async function createTestApp(
  options: { env?: Record<string, string>; gateway?: (env: Env, db: Db) => Gateway; mailer?: Mailer } = {},
): Promise<TestApp> {
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vendai-test-web-'));
  fs.writeFileSync(
    path.join(webDir, 'index.html'),
    `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>VendAI</title></head><body><div id="root" data-testid="${SPA_MARKER}"></div></body></html>`,
  );
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    APP_URL: TEST_APP_URL,
    DATA_DIR: path.join(webDir, 'data'),
    WEB_DIST_DIR: webDir,
    // Tests register many people from one address; the sign-up limit has its own test (abuse-limits.test.ts).
    SIGN_UPS_PER_ADDRESS_PER_HOUR: '100000',
    ...options.env,
  });
  const database = await createTestDatabase();
  let app: FastifyInstance;
  try {
    app = await buildApp({
      env,
      database,
      logger: false,
      gateway: options.gateway?.(env, database.db),
      mailer: options.mailer,
    });
    await app.ready();
  } catch (err) {
    await database.dispose();
    fs.rmSync(webDir, { recursive: true, force: true });
    throw err;
  }
  return {
    app,
    database,
    env,
    client: () => new TestClient(app),
    async close() {
      await app.close();
      await database.dispose();
      fs.rmSync(webDir, { recursive: true, force: true });
    },
  };
}

let personCounter = 0;
/** E-mail confirmations made by this process's test clients (their label addresses). */
let confirmations = 0;

/** Registration input for a new person: unique e-mail, valid Brazilian mobile. */
export function newPerson(overrides: Partial<RegisterBody> = {}): RegisterBody {
  personCounter += 1;
  const id = `${Date.now().toString(36)}${personCounter}${randomBytes(3).toString('hex')}`;
  const password = overrides.password ?? 'senha-forte-123';
  return {
    fullName: 'Mariana Souza',
    email: `mariana.${id}@exemplo.com.br`,
    phone: '+5511987654321',
    password,
    confirmPassword: password,
    ...overrides,
  };
}

export interface RegisterBody {
  fullName: string;
  email: string;
  phone: string;
  password: string;
  confirmPassword: string;
}

/** One person's browser: sends the app's Origin and keeps the cookies the server sets. */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(private readonly app: FastifyInstance) {}

  async request(options: InjectOptions & { url: string }): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { origin: TEST_ORIGIN, ...(options.headers as Record<string, string>) };
    if (this.cookies.size && !headers.cookie) headers.cookie = this.cookieHeader();
    const res = await this.app.inject({ ...options, headers });
    // Kept exactly as sent (still URL-encoded), as a browser would send them back.
    const raw = [res.headers['set-cookie'] ?? []].flat();
    for (const c of res.cookies) {
      const expired =
        c.maxAge === 0 || (c.expires instanceof Date && c.expires.getTime() <= Date.now()) || c.value === '';
      const sent = raw.find((line) => line.startsWith(`${c.name}=`));
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, sent ? sent.slice(c.name.length + 1).split(';')[0]! : encodeURIComponent(c.value));
    }
    return res;
  }

  get(url: string, headers: Record<string, string> = {}) {
    return this.request({ method: 'GET', url, headers });
  }

  post(url: string, payload?: unknown, headers: Record<string, string> = {}) {
    return this.request({
      method: 'POST',
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }

  /** POST /api/account/register; the jar then holds the new session. */
  register(body: RegisterBody) {
    return this.post('/api/account/register', body);
  }

  /** Registers and checks it worked; returns the input used. */
  async registerOk(overrides: Partial<RegisterBody> = {}): Promise<RegisterBody> {
    const body = newPerson(overrides);
    const res = await this.register(body);
    if (res.statusCode !== 201) throw new Error(`registration failed: ${res.statusCode} ${res.body}`);
    return body;
  }

  /**
   * Confirms `email` the way a person does (docs/decisions/051-verified-email-and-membership-end.md): the
   * newest confirmation mail's link, opened as the /confirmar-email page does. Needs the outbox mailer.
   */
  async confirmEmail(db: Db, email: string): Promise<void> {
    const code = await confirmationCodeFor(db, email);
    // Each person opens their link on their own device: a label address per confirmation (no traffic
    // goes anywhere with inject), so a file that opens many shops stays under the per-address auth limit.
    confirmations += 1;
    const res = await this.request({
      method: 'POST',
      url: '/api/account/email-verification/confirm',
      payload: { code },
      remoteAddress: `198.18.${Math.floor(confirmations / 250) % 250}.${(confirmations % 250) + 1}`,
    });
    if (res.statusCode !== 200) throw new Error(`e-mail confirmation failed: ${res.statusCode} ${res.body}`);
  }

  signIn(email: string, password: string) {
    return this.post('/api/auth/sign-in/email', { email, password });
  }

  signOut() {
    return this.post('/api/auth/sign-out');
  }

  get sessionToken(): string | undefined {
    return this.cookies.get(SESSION_COOKIE);
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** Mails other than the sign-up's e-mail confirmation (tests that count an address's mails). */
export const notConfirmationMail = () => notLike(mailOutbox.subject, 'Confirme seu e-mail%');

/** The code of the newest confirmation link the outbox holds for `email`. */
export async function confirmationCodeFor(db: Db, email: string): Promise<string> {
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email.toLowerCase()), like(mailOutbox.subject, 'Confirme seu e-mail%')))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const code = mail ? /\/confirmar-email\?code=([\w-]+)/.exec(mail.text)?.[1] : undefined;
  if (!code) throw new Error(`no confirmation mail for ${email}`);
  return code;
}
