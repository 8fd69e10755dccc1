import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { PRODUCT_NAME } from '@vendai/contracts';
import type { Env } from './config/env.ts';
import type { Database } from './db/client.ts';
import { seedPlans } from './db/seed.ts';
import type { Mailer } from './integrations/mail/mailer.ts';
import { createOutboxMailer } from './integrations/mail/outbox-mailer.ts';
import { createSmtpMailer } from './integrations/mail/smtp-mailer.ts';
import { accountRoutes } from './modules/account/account-routes.ts';
import { authRoutes } from './modules/auth/auth-routes.ts';
import { createAuth } from './modules/auth/create-auth.ts';
import { plansRoutes } from './modules/plans/plans-routes.ts';
import { usageRoutes } from './modules/usage/usage-routes.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerWebApp } from './plugins/web-app.ts';
import type { AppDeps } from './types.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');

export interface BuildAppOptions {
  env: Env;
  database: Database;
  /** Overrides the mail port chosen from the environment. */
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the whole app without listening: server.ts listens, tests use inject or listen on port 0. */
export async function buildApp({ env, database, mailer, logger }: BuildAppOptions) {
  const app = Fastify({
    logger: logger ?? { level: env.LOG_LEVEL },
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
  });

  const mail =
    mailer ??
    (env.SMTP_URL ? createSmtpMailer({ url: env.SMTP_URL, from: env.MAIL_FROM }) : createOutboxMailer(database.db, app.log));
  const auth = createAuth({ env, db: database.db, mailer: mail, log: app.log });
  const deps: AppDeps = { env, db: database.db, database, auth, mailer: mail };
  app.decorate('deps', deps);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        frameSrc: ['https://www.youtube-nocookie.com'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // HSTS only makes sense when the app is served over HTTPS.
    hsts: env.appUrl.startsWith('https:'),
  });
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  registerErrorHandler(app);

  await seedPlans(database.db);

  app.get('/api/health', async () => ({ ok: true, database: database.kind, mail: mail.kind }));
  app.get('/api/config', async () => ({ productName: PRODUCT_NAME, referralTracker: env.PUBLIC_REFERRAL_TRACKER ?? null }));
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(accountRoutes, { prefix: '/api/account' });
  await app.register(plansRoutes, { prefix: '/api/plans' });
  await app.register(usageRoutes, { prefix: '/api/usage' });

  await registerWebApp(app, env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : DEFAULT_WEB_DIST);
  return app;
}
