import { inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { replyBursts } from '../db/schema/index.ts';
import { createBatcher } from '../lib/batcher.ts';
import type { Metrics } from './metrics.ts';

/**
 * The engine's hook for the pipeline histogram: told that a burst's first answer part reached the
 * gateway, it observes the time since the webhook received the customer's last message of that burst
 * (`reply_bursts.last_message_at`, stored at ingestion, read by the reply's claim). A reply resumed after
 * a restart is looked up: the lookups of many go in one statement; a failed one only loses the observation.
 */
export function createPipelineTimer(
  database: Database,
  metrics: Metrics,
): (burstId: string, receivedAt: Date | null) => void {
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
  return (burstId, known) => {
    const handedAt = Date.now();
    const observe = (receivedAt: Date | null) => {
      if (receivedAt) metrics.pipeline.observe(Math.max(0, handedAt - receivedAt.getTime()) / 1000);
    };
    // A fresh reply read the time in its claim (no statement); a resumed one is looked up.
    if (known) observe(known);
    else lookups.add(burstId).then(observe, () => {});
  };
}
