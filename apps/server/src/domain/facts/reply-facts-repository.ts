import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type AnswerItem, orders, priceGuardSettings } from '../../db/schema/index.ts';

/** The reply facts' reads of the agent's price guard and the conversation's orders (load-reply-facts.ts). */

export type { AnswerItem };

/** The agent's price-guard row, or undefined when the owner never saved one. */
export async function findGuardSettings(
  db: Db,
  accountId: string,
  agentId: string,
): Promise<{ fallbackText: string | null; allowsDiscounts: boolean } | undefined> {
  const [row] = await db
    .select({ fallbackText: priceGuardSettings.fallbackText, allowsDiscounts: priceGuardSettings.allowsDiscounts })
    .from(priceGuardSettings)
    .where(and(eq(priceGuardSettings.agentId, agentId), eq(priceGuardSettings.userId, accountId)));
  return row;
}

/** The conversation's latest five orders: their declared totals and lines. */
export async function findLatestOrders(db: Db, accountId: string, convId: string) {
  return db
    .select({ totalCents: orders.totalCents, lines: orders.lines })
    .from(orders)
    .where(and(eq(orders.convId, convId), eq(orders.userId, accountId)))
    .orderBy(desc(orders.createdAt))
    .limit(5);
}
