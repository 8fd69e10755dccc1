import { z } from 'zod';

/**
 * POST /webhooks/gateway/:instance[/:event]: what the WhatsApp gateway (Evolution API) calls. The body
 * is the gateway's own event in any shape; the server reads it itself (unknown shapes are ignored, never
 * a 400 from the route schema), so the schema only documents it.
 */
export const gatewayWebhookParamsSchema = z.object({
  /** The number's instance name at the gateway. */
  instance: z.string(),
  /** With webhook_by_events the gateway appends the event as a path segment (e.g. messages-upsert). */
  event: z.string().optional(),
});

export const gatewayWebhookBodySchema = z
  .unknown()
  .describe('O evento da Evolution API como ela o envia (docs/evolution-api-contract.md#3-webhook-delivery).');

/** The acknowledgement: 200 once the event is stored (or recognised as a replay / ignored). */
export const gatewayWebhookAckSchema = z.object({
  ok: z.boolean(),
  /** stored | replay | status-changed | status-unchanged | qrcode | ignored */
  outcome: z.string(),
});

/** GET /webhooks/meta: Meta's verification of the webhook address (echo hub.challenge for the right token). */
export const metaWebhookVerifyQuerySchema = z.looseObject({
  'hub.mode': z.string().optional(),
  'hub.verify_token': z.string().optional(),
  'hub.challenge': z.string().max(1000).optional(),
});

/** POST /webhooks/meta: how many of the body's messages and statuses were stored, and how many were replays. */
/** The GET verification's answer: Meta's `hub.challenge`, echoed as plain text. */
export const metaWebhookChallengeSchema = z.string();
export const metaWebhookAckSchema = z.object({ ok: z.boolean(), stored: z.number(), replays: z.number() });
