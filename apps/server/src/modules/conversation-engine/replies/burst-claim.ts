import type { EngineDeps } from '../engine-deps.ts';
import { endClaimedBurst, renewClaim } from './burst-repository.ts';

/** Ends a burst we hold the claim of (a no-op when the claim is gone or the state moved on). */
export async function finishBurst(
  deps: EngineDeps,
  burstId: string,
  token: string,
  state: 'done' | 'cancelled' | 'failed',
  reason: string | null,
  from: 'generating' | 'sending' = 'generating',
): Promise<void> {
  await endClaimedBurst(deps.db, burstId, token, state, reason, from);
}

/** Renews the claim while the handler works, so the recovery sweep only takes over a dead worker's. */
export function keepLease(deps: EngineDeps, burstId: string, token: string): { stop(): void } {
  const timer = setInterval(
    () => {
      renewClaim(deps.db, burstId, token).catch((err) => deps.log.debug({ err }, 'engine: lease renewal failed'));
    },
    Math.max(250, Math.floor(deps.config.leaseMs / 3)),
  );
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
