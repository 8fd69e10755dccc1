import type { Db } from '../../db/client.ts';
import { countMessagesUpTo, rollupMark, rollUpStep } from './results-rollup-repository.ts';
import { settledUntil } from './results-rollup.ts';

/**
 * The most messages a request rolls up or reads live by itself (≈ 0.1–0.3 s of SQL on the 2-core
 * machine). Beyond it the background job (rollup-job.ts) does the rolling, and the page says so.
 */
export const READ_MESSAGE_BUDGET = 5_000;

/** How a request reads its periods: rolled-up hours before `rolledUntil`, live hours from `liveFrom`. */
export interface ReadPlan {
  rolledUntil: Date;
  liveFrom: Date;
  /** Set when [pendingFrom, liveFrom) is not rolled up yet and too big to read live: left out of the figures. */
  pendingFrom: Date | null;
}

/**
 * Never more than a bounded amount of work on the request's path:
 * 1. the rollup is current (the job keeps it so): nothing to roll, one read of the mark;
 * 2. what is not rolled yet holds ≤ READ_MESSAGE_BUDGET messages: rolled now (a new small account,
 *    an hour the job has not reached) — unless the job holds the mark, then read live;
 * 3. a long history not rolled yet (a big account's first visit): the periods' unrolled hours are read
 *    live when they hold ≤ READ_MESSAGE_BUDGET messages; otherwise the answer leaves them out
 *    (`pendingFrom`) and the job, already behind it, catches up within minutes.
 */
export async function planRead(db: Db, accountId: string, periodStart: Date, now: Date): Promise<ReadPlan> {
  const settled = settledUntil(now);
  const mark = await rollupMark(db, accountId, settled);
  if (mark >= settled) return { rolledUntil: mark, liveFrom: mark, pendingFrom: null };
  const budget = READ_MESSAGE_BUDGET;
  if ((await countMessagesUpTo(db, accountId, mark, settled, budget + 1)) <= budget) {
    const rolled = await rollUpStep(db, accountId, settled, { maxHours: Number.MAX_SAFE_INTEGER, wait: false });
    if (rolled) return { rolledUntil: rolled, liveFrom: rolled, pendingFrom: null };
  }
  const liveStart = new Date(Math.max(mark.getTime(), periodStart.getTime()));
  if ((await countMessagesUpTo(db, accountId, liveStart, settled, budget + 1)) <= budget) {
    return { rolledUntil: mark, liveFrom: mark, pendingFrom: null };
  }
  return { rolledUntil: mark, liveFrom: settled, pendingFrom: mark };
}
