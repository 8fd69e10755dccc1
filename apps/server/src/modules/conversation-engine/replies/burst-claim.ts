import { and, eq, sql } from 'drizzle-orm';
import { replyBursts } from '../../../db/schema/index.ts';
import type { EngineDeps } from '../engine-deps.ts';

/** Ends a burst we hold the claim of (a no-op when the claim is gone or the state moved on). */
export async function finishBurst(
  deps: EngineDeps,
  burstId: string,
  token: string,
  state: 'done' | 'cancelled' | 'failed',
  reason: string | null,
  from: 'generating' | 'sending' = 'generating',
): Promise<void> {
  await deps.db
    .update(replyBursts)
    .set({ state, reason, claimToken: null, inflightMessageId: null, updatedAt: sql`now()` })
    .where(and(eq(replyBursts.id, burstId), eq(replyBursts.claimToken, token), eq(replyBursts.state, from)));
}

/** Renews the claim while the handler works, so the recovery sweep only takes over a dead worker's. */
export function keepLease(deps: EngineDeps, burstId: string, token: string): { stop(): void } {
  const timer = setInterval(
    () => {
      deps.db
        .update(replyBursts)
        .set({ claimedAt: sql`now()` })
        .where(and(eq(replyBursts.id, burstId), eq(replyBursts.claimToken, token)))
        .catch((err) => deps.log.debug({ err }, 'engine: lease renewal failed'));
    },
    Math.max(250, Math.floor(deps.config.leaseMs / 3)),
  );
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
