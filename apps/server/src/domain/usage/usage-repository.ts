import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { billingSubscriptions, mediaUsageMonthly } from '../../db/schema/index.ts';

export type SubscriptionRow = typeof billingSubscriptions.$inferSelect;
export type MediaUsageRow = typeof mediaUsageMonthly.$inferSelect;

/** An account's media counters row for one month ('YYYY-MM'), or null before its first media that month. */
export async function findMediaUsageMonth(db: Db, userId: string, month: string): Promise<MediaUsageRow | null> {
  const [row] = await db
    .select()
    .from(mediaUsageMonthly)
    .where(and(eq(mediaUsageMonthly.userId, userId), eq(mediaUsageMonthly.month, month)));
  return row ?? null;
}

/** The account's billing subscription row (one per account), or null when it never subscribed. */
export async function findSubscription(db: Db, userId: string): Promise<SubscriptionRow | null> {
  const [sub] = await db.select().from(billingSubscriptions).where(eq(billingSubscriptions.userId, userId)).limit(1);
  return sub ?? null;
}
