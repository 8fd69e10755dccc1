import type { FollowUpDeps } from './follow-up-deps.ts';
import { createFollowUpWorker, type FollowUpWorker } from './follow-up-scheduler.ts';

export interface FollowUps {
  deps: FollowUpDeps;
  /** The pass loop; null on a web process (docs/decisions/030-process-roles.md): workers send follow-ups. */
  worker: FollowUpWorker | null;
  start(): void;
  stop(): Promise<void>;
}

/** Follow-ups (docs/decisions/037-follow-ups.md): the ladder's touches and the owner's scheduled messages. */
export function createFollowUps(deps: FollowUpDeps, options: { work: boolean }): FollowUps {
  const worker = options.work ? createFollowUpWorker(deps) : null;
  return {
    deps,
    worker,
    start: () => worker?.start(),
    stop: async () => worker?.stop(),
  };
}
