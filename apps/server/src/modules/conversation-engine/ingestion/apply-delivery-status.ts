import { and, eq, inArray } from 'drizzle-orm';
import { messages } from '../../../db/schema/index.ts';
import type { EngineDeps } from '../engine-deps.ts';
import { PendingRealtimeEvents } from '../realtime-events.ts';
import { findConversationByChat, type MessageRecord } from '../engine-repository.ts';
import { mapChat, mapDeliveryStatus, STATUS_RANK } from '../../../integrations/gateway/map-gateway-message.ts';
import { deliveryFailureText } from '../../../integrations/gateway/delivery-failure-text.ts';
import type { IngestOutcome } from './ingest-outcome.ts';

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
  key?: { id?: unknown; remoteJid?: unknown; remoteJidAlt?: unknown };
  update?: { status?: unknown };
}

/**
 * messages.update: delivery receipts move our message's status forward (never back); a failure keeps
 * the gateway's reason in Portuguese when it gives one.
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
    const remoteJidAlt = (u.remoteJidAlt ?? u.key?.remoteJidAlt) as string | null | undefined;
    const chat = mapChat({ remoteJid, remoteJidAlt });
    const conv = await findConversationByChat(deps.db, numberId, chat);
    if (!conv) continue;
    const rank = STATUS_RANK[status]!;
    const ranksBelow = Object.entries(STATUS_RANK)
      .filter(([s, r]) => r < rank && s !== 'received')
      .map(([s]) => s as MessageRecord['status']);
    if (ranksBelow.length === 0) continue;
    const [row] = await deps.db
      .update(messages)
      .set({ status, ...(status === 'failed' ? { error: deliveryFailureText(u.errors) } : {}) })
      .where(
        and(
          eq(messages.convId, conv.id),
          eq(messages.externalId, id),
          eq(messages.direction, 'out'),
          inArray(messages.status, ranksBelow),
        ),
      )
      .returning();
    if (!row) continue;
    outcome = 'updated';
    const events = new PendingRealtimeEvents();
    events.message(row, 'updated');
    await events.publish(deps);
  }
  return outcome;
}
