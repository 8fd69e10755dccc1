import { inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { replyBursts } from '../db/schema/index.ts';
import { createBatcher } from '../lib/batcher.ts';
import type { Metrics } from './metrics.ts';

/**
 * The engine's hook for the pipeline histogram: told that a burst's first answer part reached the
 * gateway, it observes the time since the webhook received the customer's last message of that burst
 * (`reply_bursts.last_message_at`, stored at ingestion). The lookups of many replies go in one
 * statement; a failed one only loses the observation.
 */
export function createPipelineTimer(database: Database, metrics: Metrics): (burstId: string) => void {
  const lookups = createBatcher<string, Date | null>({
    maxItems: 200,
    async run(ids) {
      const rows = await database.db
        .select({ id: replyBursts.id, receivedAt: replyBursts.lastMessageAt })
        .from(replyBursts)
        .where(inArray(replyBursts.id, [...new Set(ids)]));
      const byId = new Map(rows.map((r) => [r.id, r.receivedAt]));
      return ids.map((id) => byId.get(id) ?? null);
    },
  });
  return (burstId) => {
    const handedAt = Date.now();
    lookups
      .add(burstId)
      .then((receivedAt) => {
        if (receivedAt) metrics.pipeline.observe(Math.max(0, handedAt - receivedAt.getTime()) / 1000);
      })
      .catch(() => {});
  };
}
