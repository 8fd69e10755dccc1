import { sql, type SQL } from 'drizzle-orm';

/**
 * When a burst of customer messages is answered (docs/decisions/005-conversation-engine.md, decision
 * 023): quiet time after the last message, never later than a cap after the first. The TypeScript
 * rule and the SQL fragment side by side, tested against each other (test/conversation-rules.test.ts).
 */

/** The cap never lets a burst wait longer than this after its first message. */
export const BURST_CAP_MAX_MS = 120_000;

export interface QuietWindow {
  /** Quiet time after the customer's last message. */
  quietMs: number;
  /** Longest wait after the burst's first message. */
  capMs: number;
}

/**
 * The agent's delay (`timing`, seconds) as quiet time with a floor (groups messages even at delay 0),
 * and a cap of 2 × that, at most 120 s, so a chatty customer cannot postpone the answer forever.
 */
export function quietWindow(timingSeconds: number, minQuietMs: number): QuietWindow {
  const quietMs = Math.max(Math.max(0, timingSeconds) * 1000, minQuietMs);
  return { quietMs, capMs: Math.max(quietMs, Math.min(2 * quietMs, BURST_CAP_MAX_MS)) };
}

/** When a burst is answered: quiet time after the last message, but never later than the cap. */
export function burstDueAt(firstAt: Date, lastAt: Date, window: QuietWindow): Date {
  return new Date(Math.min(lastAt.getTime() + window.quietMs, firstAt.getTime() + window.capMs));
}

/** quietWindow in SQL: the quiet time (an interval) from the agent's `timing` (seconds) and the floor. */
export function quietIntervalSql(timingSeconds: SQL, minQuietMs: number): SQL {
  return sql`make_interval(secs => greatest(greatest(${timingSeconds}, 0) * 1000, ${minQuietMs})::float8 / 1000.0)`;
}

/** The cap from the quiet time, as quietWindow computes it: 2 × quiet, at most 120 s, never under quiet. */
export function capIntervalSql(quiet: SQL): SQL {
  return sql`greatest(${quiet}, least(${quiet} * 2, make_interval(secs => ${BURST_CAP_MAX_MS / 1000})))`;
}

/** burstDueAt in SQL: timestamps `firstAt`, `lastAt` and the intervals `quiet`, `cap`. */
export function burstDueSql(firstAt: SQL, lastAt: SQL, quiet: SQL, cap: SQL): SQL {
  return sql`least(${lastAt} + ${quiet}, ${firstAt} + ${cap})`;
}
