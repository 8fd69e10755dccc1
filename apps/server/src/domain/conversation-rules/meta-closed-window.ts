import type { Db } from '../../db/client.ts';
import { GatewayError } from '../../integrations/gateway/gateway.ts';
import { chatJidOf } from '../phones/bsuid.ts';
import { markWindowClosedThrough } from './meta-marks-repository.ts';

/**
 * Meta has the last word on the 24-hour window (docs/decisions/054-cloud-window-and-templates.md): when it
 * refuses free text with #131047 ("Re-engagement message": more than 24 h since the customer's last message,
 * https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes), synchronously on the send or
 * as a failed status webhook, the conversation's window is recorded closed (`conversations.window_closed_through`
 * = its customer_last_at then, read by service-window.ts) until the customer writes a newer message. Our own `customer_last_at` can disagree with
 * Meta's (a message Meta never told us about, a clock apart): Meta's refusal wins.
 */
export const RE_ENGAGEMENT = 131047;

/** Meta's error code in a Graph refusal the Cloud adapter threw (`{error:{code}}`); null otherwise. */
export function graphErrorCode(err: unknown): number | null {
  if (!(err instanceof GatewayError)) return null;
  const error = (err.body as { error?: { code?: unknown } } | null | undefined)?.error;
  return typeof error?.code === 'number' ? error.code : null;
}

/** Meta refused the send with #131047. */
export const isReEngagementRefusal = (err: unknown): boolean => graphErrorCode(err) === RE_ENGAGEMENT;

/** A failed status's `errors[]` (map-cloud-webhook.ts keeps Meta's) names #131047. */
export function reEngagementInErrors(errors: unknown): boolean {
  return Array.isArray(errors) && errors.some((e) => Number((e as { code?: unknown } | null)?.code) === RE_ENGAGEMENT);
}

/** Where the refusal happened: the conversation, the stored message sent, or the number and chat. */
export type ClosedWhere = { convId: string } | { messageId: string } | { instanceName: string; contactJid: string };

/**
 * Records that Meta closed the window of one conversation: closed through the customer's last message as it is
 * now (a customer who never wrote: closed anyway, the refusal's time is kept).
 */
export async function recordWindowClosedByMeta(db: Db, where: ClosedWhere): Promise<void> {
  await markWindowClosedThrough(
    db,
    'instanceName' in where ? { instanceName: where.instanceName, chatJid: chatJidOf(where.contactJid) } : where,
  );
}
