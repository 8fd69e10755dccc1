import { and, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders, pixPayers } from '../../db/schema/index.ts';
import { movesTo } from '../../domain/orders/order-states.ts';
import type { OrderRow } from '../../domain/orders/orders-repository.ts';

// A Pix order's charge: created and sent (charge-order.ts), read and cancelled at the provider
// (check-charge.ts), and its state applied (apply-charge-state.ts). Each move of an order is one
// conditional statement (order-states.ts says which moves are allowed); leases are `claim_until`.

type OrderStatus = OrderRow['status'];

export async function selectOrder(db: Db, orderId: string): Promise<OrderRow | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  return order ?? null;
}

/** The creator's lease on a pending order without a charge, unless another process holds it; null when not taken. */
export async function claimOrderToCharge(db: Db, orderId: string, leaseSeconds: number): Promise<OrderRow | null> {
  const [claimed] = await db
    .update(orders)
    .set({ claimUntil: sql`now() + ${`${leaseSeconds} seconds`}::interval` })
    .where(
      and(
        eq(orders.id, orderId),
        isNull(orders.providerChargeId),
        eq(orders.status, 'pending'),
        or(isNull(orders.claimUntil), lt(orders.claimUntil, sql`now()`)),
      ),
    )
    .returning();
  return claimed ?? null;
}

/** The charge written on the order (only while it has none), pending → awaiting_payment; null when it had one. */
export async function recordCharge(
  db: Db,
  orderId: string,
  charge: Pick<OrderRow, 'provider' | 'providerChargeId' | 'copiaECola' | 'qrPng' | 'expiresAt' | 'payerDocument'>,
): Promise<OrderRow | null> {
  const [row] = await db
    .update(orders)
    .set({ ...charge, status: 'awaiting_payment', claimUntil: null, updatedAt: new Date() })
    .where(
      and(
        eq(orders.id, orderId),
        isNull(orders.providerChargeId),
        inArray(orders.status, movesTo('awaiting_payment', ['pending'])),
      ),
    )
    .returning();
  return row ?? null;
}

/** Lets go of the order's lease (a transport failure the job retries, or all messages sent). */
export async function releaseOrderClaim(db: Db, orderId: string): Promise<void> {
  await db.update(orders).set({ claimUntil: null }).where(eq(orders.id, orderId));
}

/** The payer's CPF or CNPJ given for an earlier order of this conversation, or null. */
export async function selectPayerDocument(db: Db, accountId: string, convId: string): Promise<string | null> {
  const [payer] = await db
    .select({ document: pixPayers.document })
    .from(pixPayers)
    .where(and(eq(pixPayers.userId, accountId), eq(pixPayers.convId, convId)));
  return payer?.document ?? null;
}

/** A document the provider refused is the payer's no longer. */
export async function forgetPayerDocument(
  db: Db,
  p: { accountId: string; convId: string; document: string },
): Promise<void> {
  await db
    .delete(pixPayers)
    .where(and(eq(pixPayers.userId, p.accountId), eq(pixPayers.convId, p.convId), eq(pixPayers.document, p.document)));
}

/** pending → awaiting_document (the customer is asked for a CPF or CNPJ); false when it had moved. */
export async function moveToAwaitingDocument(db: Db, orderId: string): Promise<boolean> {
  const [waiting] = await db
    .update(orders)
    .set({ status: 'awaiting_document', payerDocument: null, claimUntil: null, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), inArray(orders.status, movesTo('awaiting_document', ['pending']))))
    .returning({ id: orders.id });
  return waiting !== undefined;
}

/** pending → failed, with the reason. */
export async function failPendingOrder(db: Db, orderId: string, error: string): Promise<void> {
  await db
    .update(orders)
    .set({ status: 'failed', error, claimUntil: null, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), inArray(orders.status, movesTo('failed', ['pending']))));
}

/**
 * The sender's claim: `sent_at` set once and a lease, unless sent before or another sender holds it.
 * 'claimed' — this process sends; 'held' — another sender's lease has not lapsed yet (it may be dead:
 * the lease lapses and the caller tries again); 'done' — sent before (no lease left), or no such order.
 */
export async function claimOrderToSend(
  db: Db,
  orderId: string,
  leaseSeconds: number,
): Promise<'claimed' | 'held' | 'done'> {
  const [claimed] = await db
    .update(orders)
    .set({
      sentAt: sql`coalesce(${orders.sentAt}, now())`,
      claimUntil: sql`now() + ${`${leaseSeconds} seconds`}::interval`,
    })
    .where(
      and(
        eq(orders.id, orderId),
        or(and(isNull(orders.sentAt), isNull(orders.claimUntil)), lt(orders.claimUntil, sql`now()`)),
      ),
    )
    .returning({ id: orders.id });
  if (claimed) return 'claimed';
  const [held] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), isNotNull(orders.claimUntil), gt(orders.claimUntil, sql`now()`)));
  return held ? 'held' : 'done';
}

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
 * Up to `limit` charged, unpaid orders whose turn to be read has come, and expired orders whose charge
 * is still to be cancelled (about every minute in the first hour, then every 30 minutes, for
 * `cancelForDays`), claimed by writing `checked_at`. Their ids.
 */
export async function claimDueChecks(
  db: Db,
  now: Date,
  o: { cancelForDays: number; limit: number },
): Promise<string[]> {
  const at = now.toISOString();
  const lastTouch = sql`coalesce(${orders.checkedAt}, ${orders.updatedAt})`;
  const due = db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        isNotNull(orders.providerChargeId),
        or(
          and(eq(orders.status, 'awaiting_payment'), lt(lastTouch, sql`${at}::timestamptz - ${cadence(now)}`)),
          and(
            eq(orders.status, 'expired'),
            isNull(orders.chargeCancelledAt),
            gt(orders.updatedAt, sql`${at}::timestamptz - ${`${o.cancelForDays} days`}::interval`),
            lt(
              lastTouch,
              sql`${at}::timestamptz - case when ${orders.updatedAt} > ${at}::timestamptz - interval '1 hour'
                then interval '50 seconds' else interval '1790 seconds' end`,
            ),
          ),
        ),
      ),
    )
    .orderBy(sql`coalesce(${orders.checkedAt}, ${orders.updatedAt})`)
    .limit(o.limit);
  const claimed = await db
    .update(orders)
    .set({ checkedAt: now })
    .where(and(inArray(orders.id, due), inArray(orders.status, ['awaiting_payment', 'expired'])))
    .returning({ id: orders.id });
  return claimed.map((r) => r.id);
}

/** The expired order's charge is closed at the provider (once). */
export async function markChargeCancelled(db: Db, orderId: string): Promise<void> {
  await db
    .update(orders)
    .set({ chargeCancelledAt: new Date() })
    .where(and(eq(orders.id, orderId), isNull(orders.chargeCancelledAt)));
}

/** The account's order that has this provider charge, or null. */
export async function selectOrderByCharge(
  db: Db,
  accountId: string,
  providerChargeId: string,
): Promise<OrderRow | null> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, accountId), eq(orders.providerChargeId, providerChargeId)));
  return order ?? null;
}

/** The order moved to `to` from one of `from` (paid: with its time); null when it was in none of them. */
export async function moveOrder(
  db: Db,
  orderId: string,
  move: { to: OrderStatus; from: OrderStatus[] },
): Promise<OrderRow | null> {
  const [moved] = await db
    .update(orders)
    .set({ status: move.to, updatedAt: new Date(), ...(move.to === 'paid' ? { paidAt: new Date() } : {}) })
    .where(and(eq(orders.id, orderId), inArray(orders.status, movesTo(move.to, move.from))))
    .returning();
  return moved ?? null;
}

/** The paid notice's claim: true for the one caller that sets `paid_notified_at`. */
export async function claimPaidNotice(db: Db, orderId: string): Promise<boolean> {
  const [claimed] = await db
    .update(orders)
    .set({ paidNotifiedAt: new Date() })
    .where(and(eq(orders.id, orderId), isNull(orders.paidNotifiedAt)))
    .returning({ id: orders.id });
  return claimed !== undefined;
}
