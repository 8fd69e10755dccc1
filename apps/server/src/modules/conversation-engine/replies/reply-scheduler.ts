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

/**
 * Answers bursts when they are due (docs/decisions/005-conversation-engine.md). The `reply_bursts`
 * table is the durable queue: a burst is a row with a due time, claimed by one conditional UPDATE
 * (FOR UPDATE SKIP LOCKED) in whichever process gets there first. This process is woken in memory
 * the moment its own ingestion opens or extends a burst (an in-memory timer for its due time: no
 * polling delay, no queue round trip); besides, it looks every `pollMs`, so a burst left by a crashed
 * or stopped process is answered after the restart or by another process.
 */
export function createReplyScheduler(deps: EngineDeps, options: ReplySchedulerOptions): ReplyScheduler {
  const maxInflight = options.maxInflight ?? 64;
  const claimBatch = options.claimBatch ?? 32;
  const running = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | null = null;
  let timerAt = Infinity;
  let claiming = false;
  let again = false;
  let saturated = false;
  let stopped = true;

  const arm = (at: number) => {
    if (stopped || (timer && timerAt <= at)) return;
    if (timer) clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(
      () => {
        timer = null;
        timerAt = Infinity;
        kick();
      },
      Math.max(0, at - Date.now()),
    );
  };

  const kick = () => {
    if (stopped) return;
    if (claiming) {
      again = true;
      return;
    }
    claiming = true;
    void claimLoop().finally(() => {
      claiming = false;
      if (again) {
        again = false;
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
        running.delete(p);
        if (saturated) {
          saturated = false;
          kick();
        }
      });
    running.add(p);
  };

  async function claimLoop(): Promise<void> {
    try {
      for (;;) {
        again = false;
        const room = maxInflight - running.size;
        if (room <= 0) {
          saturated = true; // a finishing answer kicks again
          return;
        }
        const limit = Math.min(room, claimBatch);
        const claimed = await claimDueReplies(deps.database, limit, deps.config.contextMessages);
        if (claimed.length === 0) break;
        for (const ctx of claimed) answer(ctx);
        if (claimed.length < limit && !again) break;
      }
      // Our own bursts arm their timers through wake(); the poll finds the rest (another process's
      // whose process died, or left by this process before a restart).
      arm(Date.now() + options.pollMs);
    } catch (err) {
      if (!stopped) deps.log.warn({ err }, 'engine: claiming due replies failed; trying again shortly');
      arm(Date.now() + options.pollMs);
    }
  }

  return {
    wake(dueAt) {
      const at = dueAt.getTime();
      if (at <= Date.now()) kick();
      else arm(at);
    },
    start() {
      stopped = false;
      kick();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      while (claiming || running.size > 0) {
        await Promise.allSettled([...running]);
        if (claiming) await new Promise((r) => setTimeout(r, 5));
      }
    },
  };
}
