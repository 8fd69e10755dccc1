import type { Db } from '../../db/client.ts';
import { deleteOldWebhookBatch, stripWebhookMediaBatch } from './retention-repository.ts';

const DAY_MS = 24 * 3600 * 1000;

/**
 * Webhook bodies keep the media inline (base64) only until the engine has processed the event (the
 * file is then in storage, or the gateway was asked for it): processed events lose `data.message.base64`.
 * Index-driven: `gateway_events_inline_media_idx` holds only the bodies that still carry base64.
 */
export async function stripProcessedWebhookMedia(db: Db, limit = 500): Promise<number> {
  let stripped = 0;
  for (;;) {
    const rows = await stripWebhookMediaBatch(db, limit);
    stripped += rows.length;
    if (rows.length < limit) return stripped;
  }
}

/**
 * Deletes processed gateway webhooks received more than `retentionDays` ago, oldest first, in batches
 * of `batch` rows (each its own short statement, so no lock is held for long and autovacuum follows).
 * Never an unprocessed event (ingestion still needs it). A replay of a deleted event by the gateway is
 * still harmless: messages are unique per (conversation, external id) and receipts only move a status
 * forward; the period's floor (7 days, config/env.ts) outlasts the gateways' retries. Safe from two
 * processes at once (SKIP LOCKED) and to run twice.
 */
export async function deleteOldWebhookEvents(
  db: Db,
  o: { now: Date; retentionDays: number; batch?: number },
): Promise<number> {
  const cutoff = new Date(o.now.getTime() - o.retentionDays * DAY_MS).toISOString();
  const batch = o.batch ?? 1000;
  let deleted = 0;
  for (;;) {
    const rows = await deleteOldWebhookBatch(db, cutoff, batch);
    deleted += rows.length;
    if (rows.length < batch) return deleted;
  }
}
