import type { EngineDeps } from '../engine-deps.ts';
import { PendingRealtimeEvents } from '../realtime-events.ts';
import { findConversationByChat, type MessageRecord } from '../engine-repository.ts';
import { mapChat, mapDeliveryStatus, STATUS_RANK } from '../../../integrations/gateway/map-gateway-message.ts';
import { deliveryFailureText } from '../../../integrations/gateway/delivery-failure-text.ts';
import type { IngestOutcome } from './ingest-outcome.ts';
import { SEND_NOT_CONFIRMED } from '../recovery/unconfirmed-sends.ts';
import {
  recordWindowClosedByMeta,
  reEngagementInErrors,
} from '../../../domain/conversation-rules/meta-closed-window.ts';
import { type MetaPricing, meterMetaPricing } from '../../../domain/outbound/cloud-meter.ts';
import { applyReceipt } from './message-change-repository.ts';

/**
 * A messages.update item as the gateway posts it, unchecked: the message's id, chat and status sit at
 * the top or under `key` / `update`, depending on the gateway's version.
 */
interface DeliveryUpdateItem {
  keyId?: unknown;
  messageId?: unknown;
  remoteJid?: unknown;
  remoteJidAlt?: unknown;
  status?: unknown;
  /** Meta's reasons on a failed status (map-cloud-webhook.ts); Evolution sends none. */
  errors?: unknown;
  /** Meta's pricing of the message (Cloud numbers; docs/decisions/064-cloud-meter-and-one-balloon.md). */
  pricing?: MetaPricing;
  timestamp?: unknown;
  key?: { id?: unknown; remoteJid?: unknown; remoteJidAlt?: unknown };
  update?: { status?: unknown };
}

/**
 * messages.update: delivery receipts move our message's status forward (never back) and record that
 * WhatsApp confirmed the send (`acked_at`); a failure keeps the gateway's reason in Portuguese when it
 * gives one. Meta's #131047 on a failed status also closes the conversation's 24-hour window
 * (docs/decisions/054-cloud-window-and-templates.md); Meta's `pricing` goes to the number's Cloud meter
 * (docs/decisions/064-cloud-meter-and-one-balloon.md).
 */
export async function applyDeliveryStatus(
  deps: EngineDeps,
  numberId: string,
  items: unknown[],
): Promise<IngestOutcome> {
  let outcome: IngestOutcome = 'ignored';
  for (const item of items) {
    if (!item || typeof item !== 'object') continue;
    const u = item as DeliveryUpdateItem;
    const id = u.keyId ?? u.key?.id ?? u.messageId;
    const remoteJid = u.remoteJid ?? u.key?.remoteJid;
    const status = mapDeliveryStatus(u.status ?? u.update?.status);
    if (typeof id !== 'string' || typeof remoteJid !== 'string' || !status) continue;
    if (u.pricing && typeof u.pricing === 'object')
      await meterMetaPricing(deps.db, {
        numberId,
        externalId: id,
        pricing: u.pricing,
        at: typeof u.timestamp === 'number' ? new Date(u.timestamp * 1000) : new Date(),
      });
    const remoteJidAlt = (u.remoteJidAlt ?? u.key?.remoteJidAlt) as string | null | undefined;
    const chat = mapChat({ remoteJid, remoteJidAlt });
    const conv = await findConversationByChat(deps.db, numberId, chat);
    if (!conv) continue;
    if (status === 'failed' && reEngagementInErrors(u.errors))
      await recordWindowClosedByMeta(deps.db, { convId: conv.id });
    const rank = STATUS_RANK[status]!;
    const ranksBelow = Object.entries(STATUS_RANK)
      .filter(([s, r]) => r < rank && s !== 'received')
      .map(([s]) => s as MessageRecord['status']);
    // A receipt at or past SERVER_ACK confirms the send (acked_at, once); it also moves on a message the
    // unconfirmed-sends sweep had given up on. A status never moves back otherwise.
    const confirms = status !== 'failed';
    // No status below it and no confirmation: nothing to move.
    if (ranksBelow.length === 0 && !confirms) continue;
    const [row] = await applyReceipt(
      deps.db,
      {
        convId: conv.id,
        id,
        status,
        ranksBelow,
        confirms,
        failureText: status === 'failed' ? deliveryFailureText(u.errors) : null,
      },
      SEND_NOT_CONFIRMED,
    );
    if (!row) continue;
    outcome = 'updated';
    const events = new PendingRealtimeEvents();
    events.message(row, 'updated');
    await events.publish(deps);
  }
  return outcome;
}
