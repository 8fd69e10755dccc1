import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { businessHours } from '../../db/schema/index.ts';

/** The account's business facts row (null: none saved yet): the week, the closed days and the facts in words. */
export async function selectBusinessHoursRow(db: Db, accountId: string) {
  const [row] = await db
    .select({
      week: businessHours.week,
      closedDays: businessHours.closedDays,
      hoursNote: businessHours.hoursNote,
      address: businessHours.address,
      paymentMethods: businessHours.paymentMethods,
      deliveryAreas: businessHours.deliveryAreas,
    })
    .from(businessHours)
    .where(eq(businessHours.userId, accountId));
  return row ?? null;
}
