import { randomBytes } from 'node:crypto';
import { webhookSecretMatches } from '../../integrations/gateway/webhook-config.ts';
import { AppError } from '../../lib/app-error.ts';
import type { NumberCache } from './number-cache.ts';
import type { WebhookNumber } from './webhooks-repository.ts';

/** The one answer to an unknown instance and to a missing or wrong secret: no oracle between them. */
export const WEBHOOK_UNAUTHENTICATED_MESSAGE = 'Webhook não autenticado.';

/** Compared with when the instance is unknown: shaped like a number's token (create-number.ts), known to nobody. */
const STAND_IN_TOKEN = randomBytes(32).toString('hex');

/**
 * Who posted this webhook: the number named by the path, when the presented secret is its token.
 * Runs in `onRequest`, before any byte of the body is read (docs/decisions/026-app-plugins-and-webhook-auth.md):
 * a missing secret costs nothing, an unknown instance or a wrong secret one cached lookup, and all
 * answer the same 401. An unknown instance still goes through the constant-time comparison, against a
 * stand-in token.
 */
export async function authenticateWebhook({
  numbers,
  instanceName,
  secret,
}: {
  numbers: NumberCache;
  instanceName: string;
  secret: unknown;
}): Promise<WebhookNumber> {
  // No secret at all: nothing to compare, and no lookup to spend on an anonymous caller.
  if (typeof secret !== 'string' || !secret) throw webhookUnauthenticated();
  const number = await numbers.get(instanceName);
  const matches = webhookSecretMatches(secret, number?.token ?? STAND_IN_TOKEN);
  if (!matches || !number) throw webhookUnauthenticated();
  return number;
}

export function webhookUnauthenticated() {
  return new AppError('UNAUTHENTICATED', WEBHOOK_UNAUTHENTICATED_MESSAGE);
}
