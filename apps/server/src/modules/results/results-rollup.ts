export const HOUR_MS = 3_600_000;
/** An hour is rolled up this long after it ends: late delivery receipts (a failed send) land first. */
const SETTLE_MS = 10 * 60_000;

/** The last hour boundary whose hour has settled at `now`. */
export function settledUntil(now: Date): Date {
  return new Date(Math.floor((now.getTime() - SETTLE_MS) / HOUR_MS) * HOUR_MS);
}
