import path from 'node:path';
import { z } from 'zod';

/**
 * Every environment variable the server reads, validated once at boot (.env.example documents them).
 * Empty strings count as unset so a blank line in a .env file does not switch a port on.
 */
const blank = (v: unknown) => (v === '' ? undefined : v);
const optionalUrl = z.preprocess(blank, z.url().optional());
const optionalString = z.preprocess(blank, z.string().optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Public address of the app, used in e-mail links and as the trusted origin for auth. */
  APP_URL: z.preprocess(blank, z.url().optional()),
  /** Extra origins allowed to call the auth API (comma separated), e.g. the Vite dev server. */
  TRUSTED_ORIGINS: optionalString,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  /** Secret that signs sessions; required in production. */
  AUTH_SECRET: optionalString,
  /** Behind a reverse proxy: trust X-Forwarded-For for the client address (rate limits, logs). */
  TRUST_PROXY: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['true', 'false']).default('false')).transform((v) => v === 'true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Attempts per minute per client on sign-in, sign-up and reset requests. */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('VendAI <nao-responda@vendai.local>'),
  /** Public: the referral tracking script's global function name (part 1 §5). */
  PUBLIC_REFERRAL_TRACKER: optionalString,
  /** Folder with the built web app; served when it exists. */
  WEB_DIST_DIR: optionalString,
});

export type Env = z.infer<typeof envSchema> & { appUrl: string; dataDir: string; authSecret: string };

const DEV_SECRET = 'vendai-development-secret-change-me-0123456789';

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Configuração inválida:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if (env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
    throw new Error('Configuração inválida:\n  - AUTH_SECRET: obrigatório em produção (32+ caracteres aleatórios)');
  }
  return {
    ...env,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    dataDir: path.resolve(env.DATA_DIR),
    authSecret: env.AUTH_SECRET ?? DEV_SECRET,
  };
}
