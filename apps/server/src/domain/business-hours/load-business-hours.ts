import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { businessHours } from '../../db/schema/index.ts';

/** The owner's business hours row: the week (null = none given) and closed days. */
export async function loadBusinessHours(
  db: Db,
  userId: string,
): Promise<{ week: ({ from: string; to: string } | null)[] | null; closedDays: string[] }> {
  const [row] = await db
    .select({ week: businessHours.week, closedDays: businessHours.closedDays })
    .from(businessHours)
    .where(eq(businessHours.userId, userId));
  return { week: row?.week ?? null, closedDays: row?.closedDays ?? [] };
}
