import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';
import {
  catalogueItems,
  conversations,
  type OrderLine,
  type OrderStatus,
  orders,
  pixAccounts,
  pixPayers,
} from '../../db/schema/index.ts';

/** The orders' rows (place-order.ts, ai-order.ts, take-payer-document.ts, sales-figures.ts). */

export type { OrderLine, OrderStatus };
export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type CatalogueItemRow = typeof catalogueItems.$inferSelect;

/** Writes the order unless one with its origin key exists; true when this call wrote it. */
export async function insertOrderOnce(db: Db, order: NewOrderRow): Promise<boolean> {
  const inserted = await db
    .insert(orders)
    .values(order)
    .onConflictDoNothing({ target: orders.originKey })
    .returning({ id: orders.id });
  return inserted.length > 0;
}

export async function findOrderByOriginKey(db: Db, originKey: string): Promise<OrderRow | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.originKey, originKey));
  return order;
}

/**
 * The customer's document for every order of their conversation (the account's, on that number, with
 * that WhatsApp address) in one of `from`, each moved to 'pending', in one conditional statement; the
 * orders it changed.
 */
export async function setPayerDocumentOfWaitingOrders(
  db: Db,
  m: { accountId: string; numberId: string; jid: string; document: string },
  from: OrderStatus[],
): Promise<OrderRow[]> {
  const chat = db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        eq(conversations.userId, m.accountId),
        eq(conversations.numberId, m.numberId),
        eq(conversations.contactJid, m.jid),
      ),
    );
  return db
    .update(orders)
    .set({ payerDocument: m.document, status: 'pending', updatedAt: new Date() })
    .where(and(eq(orders.userId, m.accountId), inArray(orders.status, from), inArray(orders.convId, chat)))
    .returning();
}

/** The conversation's payer document (one per conversation: a new one replaces it). */
export async function upsertPayerDocument(
  db: Db,
  p: { userId: string; convId: string; document: string },
): Promise<void> {
  await db
    .insert(pixPayers)
    .values({ userId: p.userId, convId: p.convId, document: p.document })
    .onConflictDoUpdate({
      target: [pixPayers.userId, pixPayers.convId],
      set: { document: p.document, updatedAt: new Date() },
    });
}

/** The account's catalogue items among `ids` that are not archived. */
export async function findActiveCatalogueItems(db: Db, accountId: string, ids: string[]): Promise<CatalogueItemRow[]> {
  return db
    .select()
    .from(catalogueItems)
    .where(
      and(eq(catalogueItems.userId, accountId), inArray(catalogueItems.id, ids), isNull(catalogueItems.archivedAt)),
    );
}

/** Whether the account configured a Pix provider. */
export async function hasPixAccount(db: Db, accountId: string): Promise<boolean> {
  const [account] = await db
    .select({ id: pixAccounts.userId })
    .from(pixAccounts)
    .where(eq(pixAccounts.userId, accountId));
  return account !== undefined;
}

/** The AI's unpaid orders of the last day: in this conversation, and in the whole account. */
export async function countRecentAiOrders(
  db: Db,
  accountId: string,
  convId: string,
): Promise<{ in_conversation: number | string; in_account: number | string } | undefined> {
  const [counts] = resultRows<{ in_conversation: number | string; in_account: number | string }>(
    await db.execute(sql`
      select count(*) filter (where conv_id = ${convId}) as in_conversation, count(*) as in_account
      from orders
      where user_id = ${accountId} and source = 'ai' and status <> 'paid' and created_at > now() - interval '1 day'`),
  );
  return counts;
}

export interface OrderChatRow {
  contact_name: string | null;
  contact_phone: string | null;
  instance_name: string;
  phone: string;
}

/** The account's conversation's contact and business number. */
export async function findOrderChat(db: Db, convId: string, accountId: string): Promise<OrderChatRow | undefined> {
  const [chat] = resultRows<OrderChatRow>(
    await db.execute(sql`
      select c.contact_name, c.contact_phone, n.instance_name, n.phone
      from conversations c join numbers n on n.id = c.number_id
      where c.id = ${convId} and c.user_id = ${accountId}`),
  );
  return chat;
}

/** One row per local day (and the period's, day null): orders created, orders paid, their revenue and conversations. */
export interface SalesRow {
  day: string | null;
  orders: number;
  paid: number;
  revenue: string;
  convs: number;
}

/** Orders created and paid in the scope's [from, to), per local day of the creation or payment, with the rollup. */
export async function countSales(
  db: Db,
  scope: { accountId: string; numberId: string | null; from: Date; to: Date; timeZone: string },
): Promise<SalesRow[]> {
  const number = scope.numberId ? sql`and c.number_id = ${scope.numberId}` : sql``;
  const from = sql`${scope.from.toISOString()}::timestamptz`;
  const to = sql`${scope.to.toISOString()}::timestamptz`;
  return resultRows<SalesRow>(
    await db.execute(sql`
      select day::text as day,
        count(*) filter (where kind = 'order')::int as orders,
        count(*) filter (where kind = 'paid')::int as paid,
        coalesce(sum(total) filter (where kind = 'paid'), 0)::bigint as revenue,
        count(distinct conv_id) filter (where kind = 'paid')::int as convs
      from (
        select o.conv_id, 'order' as kind, o.total_cents as total, (o.created_at at time zone ${scope.timeZone})::date as day
        from orders o join conversations c on c.id = o.conv_id
        where o.user_id = ${scope.accountId} and o.status <> 'declined' and o.created_at >= ${from} and o.created_at < ${to} ${number}
        union all
        select o.conv_id, 'paid', o.total_cents, (o.paid_at at time zone ${scope.timeZone})::date
        from orders o join conversations c on c.id = o.conv_id
        where o.user_id = ${scope.accountId} and o.status = 'paid' and o.paid_at >= ${from} and o.paid_at < ${to} ${number}
      ) e
      group by rollup (day)`),
  );
}
