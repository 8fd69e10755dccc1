import { z } from 'zod';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { defineJob, defineJobType, type Jobs } from '../../jobs/job.ts';
import { deleteOldClaims } from './claims-repository.ts';
import { expireNumber } from './expire-number.ts';
import { type NumbersDeps, numbersDepsOf } from './numbers-deps.ts';
import { listNeverConnected, listUnverifiedConnected } from './numbers-repository.ts';
import { verifyScannedPhone } from './verify-scanned-phone.ts';

/** A number that never connected is removed this long after it was added, browser or not. */
export const NEVER_CONNECTED_TTL_MS = 10 * 60_000;
/** How long a QR claim of a phone counts against it (NUMBER_CLAIM_ACCOUNTS_PER_DAY). */
const CLAIMS_KEPT_MS = 24 * 60 * 60_000;
/** Numbers handled per run of the sweep (every minute). */
const SWEEP_BATCH = 100;

/**
 * One run of 'numbers.sweep' (docs/decisions/021-spend-and-abuse-limits.md):
 *  1. numbers never connected as themselves, added more than 10 minutes before `now`, are expired as
 *     the connect screen's countdown does (expire-number.ts: unless the gateway says open by the
 *     right phone, deleted at the gateway and here);
 *  2. connected numbers whose scanning phone was never checked (the webhook's check was lost to a
 *     restart) are checked now;
 *  3. QR claims older than a day stop counting against their phone (claim-phone.ts).
 */
export async function sweepNumbers(
  deps: NumbersDeps,
  log: FastifyBaseLogger,
  now = new Date(),
): Promise<{ expired: number; checked: number }> {
  const stale = await listNeverConnected(deps.db, new Date(now.getTime() - NEVER_CONNECTED_TTL_MS), SWEEP_BATCH);
  let expired = 0;
  for (const n of stale) {
    const result = await expireNumber({ deps, accountId: n.userId, id: n.id, log }).catch((err: unknown) => {
      log.warn({ err, numberId: n.id }, 'numbers sweep: a stale number could not be expired');
      return null;
    });
    if (result?.outcome === 'removed') expired += 1;
  }
  const unverified = await listUnverifiedConnected(deps.db, SWEEP_BATCH);
  for (const n of unverified) await verifyScannedPhone(deps, n.id);
  // QR claims count against a phone for a day (claim-phone.ts), then they go.
  await deleteOldClaims(deps.db, new Date(now.getTime() - CLAIMS_KEPT_MS));
  return { expired, checked: unverified.length };
}

const numbersSweepJobType = defineJobType({
  id: 'numbers.sweep',
  payload: z.object({}),
  cron: '* * * * *',
  queue: { retryLimit: 1, expireInSeconds: 10 * 60, deleteAfterSeconds: 3600 },
  batchSize: 1,
});

/**
 * The numbers' background checks: the scanning phone is checked on every connection the webhook
 * reports (the gateway event hub), and the sweep runs every minute (pg-boss, one run across processes).
 */
export function registerNumberChecks(app: FastifyInstance, jobs: Jobs): void {
  const deps = numbersDepsOf(app);
  jobs.register(
    defineJob(numbersSweepJobType, async (_data, { log }) => {
      const run = await sweepNumbers(deps, log);
      if (run.expired || run.checked) log.info(run, 'numbers sweep');
    }),
  );
  const unsubscribe = app.deps.gatewayEvents.subscribe(async (event) => {
    if (event.kind === 'connection' && event.state === 'open')
      await verifyScannedPhone(deps, event.number.id, event.wuid);
  });
  app.addHook('onClose', async () => unsubscribe());
}
