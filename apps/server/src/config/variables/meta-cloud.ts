import { z } from 'zod';
import { blank, optionalString, optionalUrl, sealingKey } from './parse.ts';

/** Meta: the Embedded Signup, the WhatsApp Cloud API and its pacing, and the Conversions API (decisions 032, 042, 071). Composed by ../env.ts; docs/configuration.md describes each variable. */
export const metaCloudVariables = {
  /** Public: WhatsApp Business Platform (Meta) app for the /connect/whatsapp authorization test. */
  META_APP_ID: optionalString,
  /** Public: the embedded-signup configuration id of that app (Facebook Login for Business). */
  META_CONFIG_ID: optionalString,
  /** Public: scopes asked in the dialog, comma separated. */
  META_OAUTH_SCOPES: z.preprocess(
    blank,
    z.string().default('whatsapp_business_management,whatsapp_business_messaging'),
  ),
  /** Graph API version of the dialog address. */
  META_GRAPH_VERSION: z.preprocess(
    blank,
    z
      .string()
      .regex(/^v\d+\.\d+$/, 'use o formato v21.0')
      .default('v21.0'),
  ),
  /**
   * WhatsApp Cloud API (docs/decisions/032-cloud-api-gateway.md): the Graph API root (version from
   * META_GRAPH_VERSION), the app secret that signs Meta's webhooks (X-Hub-Signature-256), the token
   * Meta echoes when it verifies the webhook address, and the key sealing numbers' access tokens.
   */
  META_GRAPH_URL: optionalUrl,
  META_APP_SECRET: optionalString,
  META_VERIFY_TOKEN: optionalString,
  /** 32 bytes as 64 hex characters or base64 (AES-256-GCM, lib/secret-box.ts). */
  META_TOKEN_ENCRYPTION_KEY: sealingKey,
  /**
   * Pacing of WhatsApp Cloud API sends (docs/decisions/042-cloud-pacing.md), shared by every process:
   * messages per second one phone number id sends (Meta's default throughput is 80), the least time
   * between two messages to the same customer (split parts of one reply), and the first wait after
   * Meta refused a send for rate (130429, 131056, HTTP 429), doubling with jitter, at most 60 s.
   */
  META_SEND_RATE_PER_SECOND: z.preprocess(blank, z.coerce.number().positive().max(1000).default(80)),
  META_PAIR_SPACING_MS: z.preprocess(blank, z.coerce.number().int().min(0).max(60_000).default(3_000)),
  META_BACKOFF_BASE_MS: z.preprocess(blank, z.coerce.number().int().min(1).max(60_000).default(2_000)),
  /**
   * Meta's Conversions API for business messaging (docs/decisions/071-ad-attribution.md): the Graph root events
   * are POSTed to (/{META_GRAPH_VERSION}/{dataset_id}/events). CAPI_STANDIN_ENABLED=true starts the local
   * stand-in (packages/capi-standin, never in production) and sends there instead.
   */
  META_CAPI_BASE_URL: z.preprocess(blank, z.url().default('https://graph.facebook.com')),
  CAPI_STANDIN_ENABLED: z.preprocess(blank, z.enum(['true', 'false']).optional()),
};
