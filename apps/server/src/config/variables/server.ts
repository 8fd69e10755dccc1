import { z } from 'zod';
import { blank, optionalString, optionalUrl } from './parse.ts';
import { trustProxySchema } from '../trust-proxy.ts';

/** The process: where it listens, its public address, its database and what it runs (decisions 030, 049). Composed by ../env.ts; docs/configuration.md describes each variable. */
export const serverVariables = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /**
   * Address to listen on. Default: 127.0.0.1 (this machine only) outside production, where the dev
   * stand-ins, the OpenAPI document and /metrics answer; 0.0.0.0 in production (a container or a
   * reverse proxy reaches it). README "Run it" says how to open a development server to the network.
   */
  HOST: optionalString,
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Public address of the app, used in e-mail links and as the trusted origin for auth. */
  APP_URL: z.preprocess(blank, z.url().optional()),
  /** Extra origins allowed to call the auth API (comma separated), e.g. the Vite dev server. */
  TRUSTED_ORIGINS: optionalString,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  /**
   * What this process does (docs/decisions/030-process-roles.md): `all` (default) everything; `web` the
   * HTTP API, the web app, the gateway's webhooks and realtime; `worker` ingestion, AI replies and jobs
   * (only /api/health, /api/ready and /metrics on its port). web and worker need DATABASE_URL.
   */
  VENDAI_ROLE: z.preprocess(blank, z.enum(['all', 'web', 'worker']).default('all')),
  /** Secret that signs sessions (and derives the simulator's and the stand-in's keys); required in production, 32+ characters. Unset outside production: generated once into DATA_DIR/auth-secret. */
  AUTH_SECRET: optionalString,
  /** Behind a reverse proxy: how many proxies (or which addresses) to trust for X-Forwarded-For (config/trust-proxy.ts). */
  TRUST_PROXY: trustProxySchema,
  /** Folder with the built web app; served when it exists. */
  WEB_DIST_DIR: optionalString,
};
