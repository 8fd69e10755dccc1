import { z } from 'zod';
import { blank, optionalString, optionalUrl } from './parse.ts';

/** Where media files live and how long media and webhooks are kept. Composed by ../env.ts; docs/configuration.md describes each variable. */
export const storageVariables = {
  /** Days a message's media file is kept (then removed by the daily 'privacy.media-retention' job; the row stays). */
  MEDIA_RETENTION_DAYS: z.preprocess(blank, z.coerce.number().int().min(1).max(3650).default(180)),
  /**
   * Days a processed gateway webhook (gateway_events) is kept (then deleted by the daily
   * 'privacy.webhook-retention' job). At least 7: Meta retries an unanswered webhook for up to 7 days.
   */
  WEBHOOK_EVENTS_RETENTION_DAYS: z.preprocess(blank, z.coerce.number().int().min(7).max(3650).default(30)),
  /** Media storage (realtime/storage, docs/decisions/005-conversation-engine.md): an S3-compatible bucket when S3_BUCKET is set, else the folder DATA_DIR/media. */
  S3_BUCKET: optionalString,
  /** S3-compatible endpoint (MinIO, R2…); AWS when unset. */
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.preprocess(blank, z.string().default('us-east-1')),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** Path-style bucket URLs (endpoint/bucket/key). Default: true when S3_ENDPOINT is set. */
  S3_FORCE_PATH_STYLE: z
    .preprocess(blank, z.enum(['true', 'false']).optional())
    .transform((v) => (v === undefined ? undefined : v === 'true')),
};
