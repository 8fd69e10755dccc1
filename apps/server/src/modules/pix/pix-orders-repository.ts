import { and, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders, pixPayers } from '../../db/schema/index.ts';
import { movesTo } from '../../domain/orders/order-states.ts';
import type { OrderRow } from '../../domain/orders/orders-repository.ts';

// The Pix orders as the owner's screens ('Cobrar com Pix', 'Confirmar e cobrar', 'Recusar') and the sweep
// (sweep-orders.ts) read and move them; each move is one conditional statement (order-states.ts says
// which moves are allowed). The rules stay in the callers.

/** The account's order, or null. */
export async function selectOwnOrder(db: Db, accountId: string, orderId: string): Promise<OrderRow | null> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, accountId)));
  return order ?? null;
}

/** The account's orders (of one conversation when `convId` is given), newest first, at most 100. */
export function selectOrders(db: Db, accountId: string, convId: string | undefined): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, accountId), convId ? eq(orders.convId, convId) : undefined))
    .orderBy(desc(orders.createdAt))
    .limit(100);
}

/** 'Confirmar e cobrar': the owner's lines and total, awaiting_owner → pending; null when it had moved. */
export async function confirmOrderRow(
  db: Db,
  orderId: string,
  values: Pick<OrderRow, 'lines' | 'totalCents'>,
): Promise<OrderRow | null> {
  const [moved] = await db
    .update(orders)
    .set({ ...values, status: 'pending', updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), inArray(orders.status, movesTo('pending', ['awaiting_owner']))))
    .returning();
  return moved ?? null;
}

/** 'Recusar': awaiting_owner → declined; null when it had moved. */
export async function declineOrderRow(db: Db, orderId: string): Promise<OrderRow | null> {
  const [moved] = await db
    .update(orders)
    .set({ status: 'declined', updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), inArray(orders.status, movesTo('declined', ['awaiting_owner']))))
    .returning();
  return moved ?? null;
}

/**
 * The sweep: orders awaiting the payer's document that is known now (pix_payers), untouched since
 * `before`, take it and go back to pending. Their ids.
 */
export function takeKnownDocuments(db: Db, before: Date, now: Date): Promise<{ id: string }[]> {
  const known = db
    .select({ document: pixPayers.document })
    .from(pixPayers)
    .where(and(eq(pixPayers.userId, orders.userId), eq(pixPayers.convId, orders.convId)));
  return db
    .update(orders)
    .set({ status: 'pending', payerDocument: sql`(${known})`, updatedAt: now })
    .where(
      and(
        inArray(orders.status, movesTo('pending', ['awaiting_document'])),
        lt(orders.updatedAt, before),
        sql`exists (${known})`,
      ),
    )
    .returning({ id: orders.id });
}

/**
 * The sweep: up to `limit` orders untouched since `before` that no process holds, pending (charging)
 * or charged with their Pix not (all) sent, oldest first.
 */
export function selectStuckOrders(db: Db, before: Date, now: Date, limit: number): Promise<{ id: string }[]> {
  return db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        lt(orders.updatedAt, before),
        or(
          and(eq(orders.status, 'pending'), or(isNull(orders.claimUntil), lt(orders.claimUntil, now))),
          and(eq(orders.status, 'awaiting_payment'), or(isNull(orders.sentAt), lt(orders.claimUntil, now))),
        ),
      ),
    )
    .orderBy(orders.updatedAt)
    .limit(limit);
}

/** The sweep: charged orders past their expiry become expired. Their ids. */
export function expireOverdueOrders(db: Db, now: Date): Promise<{ id: string }[]> {
  return db
    .update(orders)
    .set({ status: 'expired', updatedAt: now })
    .where(and(inArray(orders.status, movesTo('expired', ['awaiting_payment'])), lt(orders.expiresAt, now)))
    .returning({ id: orders.id });
}

/** The sweep: up to `limit` orders paid between `since` and `before` whose owner was never told. */
export function selectUntoldPaidOrders(db: Db, since: Date, before: Date, limit: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.status, 'paid'),
        isNull(orders.paidNotifiedAt),
        lt(orders.paidAt, before),
        gt(orders.paidAt, since),
      ),
    )
    .limit(limit);
}
