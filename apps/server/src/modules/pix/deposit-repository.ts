import { DEPOSIT_UNPAID_REASON } from '@vendai/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';
import { movesTo } from '../../domain/orders/order-states.ts';

/** A booking's deposit order (docs/decisions/074-agenda-deposit.md), found by its key 'sinal:<booking>'. */
export async function selectDepositOrder(db: Db, accountId: string, bookingId: string) {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, accountId), eq(orders.originKey, `sinal:${bookingId}`)));
  return order ?? null;
}

/**
 * Stops an unpaid deposit order, each move one conditional statement: charged → expired (true: its
 * charge is to be cancelled at the provider), not yet charged → failed. Returns the status it has now.
 */
export async function stopDepositOrder(db: Db, orderId: string): Promise<{ expired: boolean; status: string | null }> {
  const now = new Date();
  const expired = await db
    .update(orders)
    .set({ status: 'expired', updatedAt: now })
    .where(and(eq(orders.id, orderId), inArray(orders.status, movesTo('expired', ['awaiting_payment']))))
    .returning({ id: orders.id });
  await db
    .update(orders)
    .set({ status: 'failed', error: DEPOSIT_UNPAID_REASON, claimUntil: null, updatedAt: now })
    .where(and(eq(orders.id, orderId), inArray(orders.status, movesTo('failed', ['pending', 'awaiting_document']))));
  const [current] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  return { expired: expired.length > 0, status: current?.status ?? null };
}
