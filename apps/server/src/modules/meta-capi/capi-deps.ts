import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { Jobs } from '../../jobs/job.ts';
import { parseSecretKey } from '../../lib/secret-box.ts';

/** What the Conversions API feature needs (docs/decisions/071-ad-attribution.md). */
export interface CapiDeps {
  db: Db;
  jobs: Jobs;
  log: FastifyBaseLogger;
  /** Seals the dataset's access token (AES-256-GCM, lib/secret-box.ts). */
  sealKey: Buffer;
  /** META_CAPI_BASE_URL, or the local stand-in's origin. */
  baseUrl: string;
  version: string;
}

/** META_TOKEN_ENCRYPTION_KEY (the key of the Cloud numbers' tokens), else derived from the session secret like the Pix keys'. */
export function capiSealKey(env: Env): Buffer {
  if (env.META_TOKEN_ENCRYPTION_KEY) return parseSecretKey(env.META_TOKEN_ENCRYPTION_KEY);
  return createHmac('sha256', env.authSecret).update('vendai:capi-token-encryption').digest();
}
