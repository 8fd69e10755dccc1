import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { Gateway } from '../../integrations/gateway/gateway.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import type { Storage } from '../../integrations/storage/storage.ts';
import type { PixEndpoints } from '../../integrations/pix/create-pix-provider.ts';
import type { Jobs } from '../../jobs/job.ts';
import { parseSecretKey } from '../../lib/secret-box.ts';
import type { RealtimeHub } from '../../realtime/realtime-hub.ts';
import type { EngineEvents } from '../../domain/engine-events/event-bus.ts';

/** What the Pix services get (built in register-pix.ts). */
export interface PixDeps {
  db: Db;
  env: Env;
  log: FastifyBaseLogger;
  gateway: Gateway;
  mailer: Mailer;
  jobs: Jobs;
  realtime: RealtimeHub;
  /** Where a charged and a paid order are published ('order.charged', 'order.paid'; docs/decisions/060-events-features-listen.md). */
  events: EngineEvents;
  storage: Storage;
  endpoints: PixEndpoints;
  /** The AES-256-GCM key sealing owners' API keys and webhook secrets. */
  sealKey: Buffer;
}

/** PIX_KEY_ENCRYPTION_KEY, or a key derived from AUTH_SECRET (changing AUTH_SECRET then asks owners for their keys again). */
export function pixSealKey(env: Env): Buffer {
  if (env.PIX_KEY_ENCRYPTION_KEY) return parseSecretKey(env.PIX_KEY_ENCRYPTION_KEY);
  return createHmac('sha256', env.authSecret).update('vendai:pix-key-encryption').digest();
}

/** Where the provider posts an account's notifications. */
export const pixWebhookUrl = (env: Env, webhookId: string) => `${env.appUrl}/webhooks/pix/${webhookId}`;
