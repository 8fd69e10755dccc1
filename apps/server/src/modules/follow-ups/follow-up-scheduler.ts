import type { FollowUpDeps } from './follow-up-deps.ts';
import { cancelUnwelcome, planTouches } from './plan-touches.ts';
import { recoverLapsed, runDueFollowUps } from './run-follow-ups.ts';
import { publish } from './send-follow-up.ts';
import { settlesWithin } from '../../lib/settles-within.ts';

const MAX_BATCHES_PER_PASS = 5;
/** How long stopping waits for a running pass. */
const STOP_GRACE_MS = 5_000;

/**
 * One pass of the follow-ups' worker (docs/decisions/037-follow-ups.md): stop what is no longer
 * welcome, plan the next touches, take over lapsed claims, send what is due. Every step is a claim
 * or a conditional statement, so processes running passes at once do each thing once.
 */
export async function followUpPass(deps: FollowUpDeps): Promise<void> {
  // The inbox hears of every conversation whose next follow-up changed.
  const changed = [...(await cancelUnwelcome(deps)), ...(await planTouches(deps))];
  for (const key of new Set(changed)) {
    const [accountId, convId] = key.split(':') as [string, string];
    await publish(deps, accountId, convId, null);
  }
  await recoverLapsed(deps);
  // A few batches a pass: what is left (or put back) waits for the next one.
  for (let batch = 0; batch < MAX_BATCHES_PER_PASS; batch++) if ((await runDueFollowUps(deps)) === 0) break;
}

export interface FollowUpWorker {
  start(): void;
  /** Runs a pass now (after an owner's change) unless one is running. */
  poke(): void;
  stop(): Promise<void>;
}

/** Runs a pass every FOLLOW_UPS_POLL_SECONDS in a worker process. */
export function createFollowUpWorker(deps: FollowUpDeps): FollowUpWorker {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  const pass = () => {
    if (stopped || running) return;
    running = followUpPass(deps)
      .catch((err: unknown) => deps.log.warn({ err }, 'follow-ups: pass failed; retried on the next one'))
      .finally(() => {
        running = null;
      });
  };
  return {
    start() {
      pass();
      timer = setInterval(pass, deps.config.pollMs);
      timer.unref();
    },
    poke: pass,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      // A pass can be waiting on a slow gateway (a Cloud number's back-off lasts up to minutes): shutdown
      // waits a few seconds, not for it. What it had claimed is safe: the claim lapses and the next pass of
      // any process settles it with the gateway first, so nothing is sent twice (decision 037).
      if (!running) return;
      if (!(await settlesWithin(running, STOP_GRACE_MS)))
        deps.log.warn('follow-ups: a pass was still running at shutdown; its claims lapse and are settled later');
    },
  };
}
