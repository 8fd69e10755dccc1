import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { FastifyBaseLogger } from 'fastify';
import { LIMITS, PRODUCT_NAME } from '@vendai/contracts';
import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { account, profiles, session, user, verification } from '../../db/schema/index.ts';
import type { Mailer } from '../mail/mailer.ts';
import { resetPasswordMail } from './reset-password-mail.ts';
import { verifyEmailMail } from './verify-email-mail.ts';

export interface CreateAuthOptions {
  env: Env;
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/** Origins allowed to post to the auth API: the app's own address (localhost and 127.0.0.1 alike) plus extras. */
export function trustedOrigins(env: Env): string[] {
  const origins = new Set([new URL(env.appUrl).origin]);
  const url = new URL(env.appUrl);
  if (url.hostname === 'localhost') origins.add(`${url.protocol}//127.0.0.1${url.port ? `:${url.port}` : ''}`);
  if (url.hostname === '127.0.0.1') origins.add(`${url.protocol}//localhost${url.port ? `:${url.port}` : ''}`);
  for (const extra of env.TRUSTED_ORIGINS?.split(',') ?? []) if (extra.trim()) origins.add(extra.trim());
  return [...origins];
}

export function createAuth({ env, db, mailer, log }: CreateAuthOptions) {
  return betterAuth({
    appName: PRODUCT_NAME,
    baseURL: env.appUrl,
    basePath: '/api/auth',
    secret: env.authSecret,
    database: drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification } }),
    trustedOrigins: trustedOrigins(env),
    telemetry: { enabled: false },
    // Our own per-route limits (Portuguese 429) run in Fastify; see auth-routes.ts.
    rateLimit: { enabled: false },
    // Sign-up goes through POST /api/account/register, which also validates and stores the phone.
    // Profile changes would have to follow the account contract's rules (a name of 5,000 characters,
    // or an object, went through /update-user): the web does not edit the profile, so it is closed.
    // E-mail confirmation goes through /api/account/email-verification (signed in, rate-limited, Portuguese
    // answers; docs/decisions/051-verified-email-and-membership-end.md): better-auth's own endpoints would
    // mail any unconfirmed address for anyone, signed out and unlimited.
    disabledPaths: ['/sign-up/email', '/update-user', '/send-verification-email', '/verify-email'],
    emailAndPassword: {
      enabled: true,
      minPasswordLength: LIMITS.passwordMin,
      maxPasswordLength: LIMITS.passwordMax,
      resetPasswordTokenExpiresIn: LIMITS.resetTokenSeconds,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user: u, token }) => {
        await mailer.send(resetPasswordMail({ appUrl: env.appUrl, name: u.name, to: u.email, token }));
      },
    },
    // Sign-up still signs the person in (no requireEmailVerification); the link only marks the e-mail
    // confirmed, which inviting and receiving money need.
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: LIMITS.verifyEmailTokenSeconds,
      sendVerificationEmail: async ({ user: u, token }) => {
        await mailer.send(
          verifyEmailMail({ appUrl: env.appUrl, to: u.email, token, hours: LIMITS.verifyEmailTokenSeconds / 3600 }),
        );
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    advanced: {
      cookiePrefix: 'vendai',
      useSecureCookies: env.appUrl.startsWith('https://'),
    },
    databaseHooks: {
      user: {
        create: {
          // Every account gets its profile row at once; phone and plan are filled by registration.
          after: async (created) => {
            await db.insert(profiles).values({ id: created.id }).onConflictDoNothing();
          },
        },
      },
    },
    logger: {
      log: (level, message, ...args) => {
        const fn = level === 'error' ? log.error : level === 'warn' ? log.warn : log.debug;
        fn.call(log, { args }, `auth: ${message}`);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
