import { and, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { orders } from '../../db/schema/index.ts';
import { pixProviderFor } from '../../integrations/pix/create-pix-provider.ts';
import { PixProviderError } from '../../integrations/pix/pix-provider.ts';
import { defineJobType } from '../../jobs/job.ts';
import { applyChargeState } from './apply-charge-state.ts';
import { loadPixAccount } from './pix-account.ts';
import type { PixDeps } from './pix-deps.ts';

/**
 * 'pix.check-charge': one charged order's payment read at the provider by VendAI itself, so a lost
 * webhook costs minutes, not a sale (docs/decisions/055-pix-orders-state-machine.md). Queued by the
 * sweep (sweep-orders.ts) for the orders `dueChecks` picks; one at a time per order.
 */
export const checkChargeJob = defineJobType({
  id: 'pix.check-charge',
  payload: z.object({ orderId: z.uuid() }),
  queue: { policy: 'exclusive', retryLimit: 1, retryDelay: 30, expireInSeconds: 120, deleteAfterSeconds: 3600 },
  batchSize: 5,
  localConcurrency: 2,
});

const BATCH = 200;

/**
 * How often an open charge is read, by how long ago its order was made: about every minute for the
 * first 15 minutes (when most Pix are paid), every 5 minutes up to 2 hours, then every 30 minutes until
 * it expires. A little under each step, so the every-minute sweep does not skip a turn by a few ms.
 */
const cadence = (now: Date) => sql`case
  when ${orders.createdAt} > ${now.toISOString()}::timestamptz - interval '15 minutes' then interval '50 seconds'
  when ${orders.createdAt} > ${now.toISOString()}::timestamptz - interval '2 hours' then interval '290 seconds'
  else interval '1790 seconds' end`;

/**
 * Charged, unpaid orders whose turn to be read has come, claimed for this run by writing `checked_at`
 * (so a sweep in another process, or the next one, does not pick them again before their turn).
 */
export async function dueChecks(deps: PixDeps, now: Date): Promise<string[]> {
  const due = deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'awaiting_payment'),
        isNotNull(orders.providerChargeId),
        lt(
          sql`coalesce(${orders.checkedAt}, ${orders.updatedAt})`,
          sql`${now.toISOString()}::timestamptz - ${cadence(now)}`,
        ),
      ),
    )
    .orderBy(sql`coalesce(${orders.checkedAt}, ${orders.updatedAt})`)
    .limit(BATCH);
  const claimed = await deps.db
    .update(orders)
    .set({ checkedAt: now })
    .where(and(inArray(orders.id, due), eq(orders.status, 'awaiting_payment')))
    .returning({ id: orders.id });
  return claimed.map((o) => o.id);
}

/**
 * Reads the order's charge at the provider and applies it through the same path as a webhook
 * (apply-charge-state.ts): paid → the order paid once, the customer's confirmation and the owner's
 * alert once, whichever of the webhook and this check comes first. A provider that cannot answer now
 * is left for the next turn.
 */
export async function checkCharge(deps: PixDeps, orderId: string): Promise<void> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order?.providerChargeId || order.status !== 'awaiting_payment') return;
  const account = await loadPixAccount(deps, { userId: order.userId });
  // The owner changed provider (or removed Pix): this charge is at an account VendAI no longer holds.
  if (!account || account.provider !== order.provider) return;
  const provider = pixProviderFor(account, deps.endpoints);
  if (!provider) return;
  try {
    await applyChargeState(deps, order.userId, await provider.getCharge(order.providerChargeId));
  } catch (err) {
    if (!(err instanceof PixProviderError)) throw err;
    deps.log.warn({ err, orderId }, 'pix: the charge could not be read at the provider; read again later');
  }
}
