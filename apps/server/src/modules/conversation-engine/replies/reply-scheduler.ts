import type { EngineDeps, ReplyWaker } from '../engine-deps.ts';
import { claimDueReplies, type ReplyContext } from './claim-due-replies.ts';
import { answerBurst } from './run-reply.ts';

export interface ReplyScheduler extends ReplyWaker {
  start(): void;
  /** Stops claiming and waits for the answers in progress. */
  stop(): Promise<void>;
}

export interface ReplySchedulerOptions {
  /** Longest sleep between looks at the table (bursts of other processes, lost wake-ups). */
  pollMs: number;
  /** Bursts answered at once by this process (each holds a claim while the AI and the gateway work). */
  maxInflight?: number;
  /** Bursts claimed per statement. */
  claimBatch?: number;
}

/** What the scheduler's steps share. */
interface SchedulerState {
  /** The answers in progress. */
  running: Set<Promise<void>>;
  /** A claim loop is running; `again`: a kick came meanwhile (look once more). */
  claiming: boolean;
  again: boolean;
  /** The last loop stopped at maxInflight: the next finishing answer kicks. */
  saturated: boolean;
  stopped: boolean;
}

/**
 * Answers bursts when they are due (docs/decisions/005-conversation-engine.md). The `reply_bursts`
 * table is the durable queue: a burst is a row with a due time, claimed by one conditional UPDATE
 * (FOR UPDATE SKIP LOCKED) in whichever process gets there first. This process is woken in memory
 * the moment its own ingestion opens or extends a burst (an in-memory timer for its due time: no
 * polling delay, no queue round trip); besides, it looks every `pollMs`, so a burst left by a crashed
 * or stopped process is answered after the restart or by another process.
 */
export function createReplyScheduler(deps: EngineDeps, options: ReplySchedulerOptions): ReplyScheduler {
  const limits = { maxInflight: options.maxInflight ?? 64, claimBatch: options.claimBatch ?? 32 };
  const state: SchedulerState = { running: new Set(), claiming: false, again: false, saturated: false, stopped: true };
  const timer = wakeTimer(() => kick());
  const arm = (at: number) => {
    if (!state.stopped) timer.arm(at);
  };

  const kick = () => {
    if (state.stopped) return;
    if (state.claiming) {
      state.again = true;
      return;
    }
    state.claiming = true;
    void claimLoop(deps, state, { ...limits, pollMs: options.pollMs, answer, arm }).finally(() => {
      state.claiming = false;
      if (state.again) {
        state.again = false;
        kick();
      }
    });
  };

  const answer = (ctx: ReplyContext) => {
    const p: Promise<void> = answerBurst(deps, ctx)
      .catch((err) =>
        deps.log.error(
          { err, burstId: ctx.id },
          'engine: reply failed; the recovery sweep takes it over when its claim lapses',
        ),
      )
      .finally(() => {
        state.running.delete(p);
        if (state.saturated) {
          state.saturated = false;
          kick();
        }
      });
    state.running.add(p);
  };

  return {
    wake(dueAt) {
      const at = dueAt.getTime();
      if (at <= Date.now()) kick();
      else arm(at);
    },
    start() {
      state.stopped = false;
      kick();
    },
    async stop() {
      state.stopped = true;
      timer.clear();
      while (state.claiming || state.running.size > 0) {
        await Promise.allSettled([...state.running]);
        if (state.claiming) await new Promise((r) => setTimeout(r, 5));
      }
    },
  };
}

/**
 * Claims due bursts while there is room and something is due, each answered at once; then sleeps
 * until the next poll (our own bursts arm their timers through wake(); the poll finds the rest:
 * another process's whose process died, or left by this process before a restart).
 */
async function claimLoop(
  deps: EngineDeps,
  state: SchedulerState,
  loop: {
    maxInflight: number;
    claimBatch: number;
    pollMs: number;
    answer: (ctx: ReplyContext) => void;
    arm: (at: number) => void;
  },
): Promise<void> {
  try {
    for (;;) {
      state.again = false;
      const room = loop.maxInflight - state.running.size;
      if (room <= 0) {
        state.saturated = true; // a finishing answer kicks again
        return;
      }
      const limit = Math.min(room, loop.claimBatch);
      const claimed = await claimDueReplies(deps.database, limit, deps.config.contextMessages);
      if (claimed.length === 0) break;
      for (const ctx of claimed) loop.answer(ctx);
      if (claimed.length < limit && !state.again) break;
    }
    loop.arm(Date.now() + loop.pollMs);
  } catch (err) {
    if (!state.stopped) deps.log.warn({ err }, 'engine: claiming due replies failed; trying again shortly');
    loop.arm(Date.now() + loop.pollMs);
  }
}

/** One in-memory timer for the earliest wake-up asked for (a later one never delays it). */
function wakeTimer(onFire: () => void) {
  let timer: NodeJS.Timeout | null = null;
  let timerAt = Infinity;
  return {
    arm(at: number) {
      if (timer && timerAt <= at) return;
      if (timer) clearTimeout(timer);
      timerAt = at;
      timer = setTimeout(
        () => {
          timer = null;
          timerAt = Infinity;
          onFire();
        },
        Math.max(0, at - Date.now()),
      );
    },
    clear() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
