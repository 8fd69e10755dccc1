import { timingSafeEqual } from 'node:crypto';
import type { Env } from '../../config/env.ts';
import type { CreateInstanceInput } from './gateway.ts';

/** The header carrying a number's secret (numbers.token) on every webhook the gateway posts to us. */
export const WEBHOOK_SECRET_HEADER = 'x-vendai-webhook-secret';

/**
 * The events this app subscribes to, in the UPPER_SNAKE form the gateway's config uses (docs/evolution-api-contract.md#31-envelope).
 * Sent explicitly: an absent list crashes Evolution's create (docs/evolution-api-contract.md#21-post-instancecreate--201).
 */
export const GATEWAY_WEBHOOK_EVENTS = [
  'QRCODE_UPDATED',
  'CONNECTION_UPDATE',
  'MESSAGES_UPSERT',
  'MESSAGES_UPDATE',
  'SEND_MESSAGE',
  'CONTACTS_UPSERT',
] as const;

export type GatewayWebhookConfig = Pick<CreateInstanceInput, 'webhookUrl' | 'webhookHeaders' | 'events'>;

/** The path of a number's webhook: POST /webhooks/gateway/:instance (byEvents may append /:event). */
export function gatewayWebhookPath(instanceName: string): string {
  return `/webhooks/gateway/${encodeURIComponent(instanceName)}`;
}

/**
 * The webhook part of `Gateway.createInstance` for one number: our URL for that instance (on
 * GATEWAY_WEBHOOK_BASE_URL, default APP_URL), the header with the number's secret, and the events.
 * Spread it into the input: `gateway.createInstance({ instanceName, ...gatewayWebhookConfig(env, row) })`.
 */
export function gatewayWebhookConfig(
  env: Pick<Env, 'gatewayWebhookBaseUrl'>,
  number: { instanceName: string; token: string },
): GatewayWebhookConfig {
  return {
    webhookUrl: `${env.gatewayWebhookBaseUrl}${gatewayWebhookPath(number.instanceName)}`,
    webhookHeaders: { [WEBHOOK_SECRET_HEADER]: number.token },
    events: [...GATEWAY_WEBHOOK_EVENTS],
  };
}

/** Constant-time comparison of a presented secret with the number's token. */
export function webhookSecretMatches(presented: unknown, token: string): boolean {
  if (typeof presented !== 'string' || !presented || !token) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}
