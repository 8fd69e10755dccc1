import { eq } from 'drizzle-orm';
import type { BusinessFacts } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { businessHours } from '../../db/schema/index.ts';

export const NO_FACTS: BusinessFacts = { hoursNote: null, address: null, paymentMethods: null, deliveryAreas: null };

/**
 * The owner's business facts row (docs/decisions/066-business-facts-in-one-place.md): the week (null =
 * none given), the closed days and the facts in words (null = not given).
 */
export async function loadBusinessHours(
  db: Db,
  userId: string,
): Promise<{ week: ({ from: string; to: string } | null)[] | null; closedDays: string[]; facts: BusinessFacts }> {
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
    .where(eq(businessHours.userId, userId));
  if (!row) return { week: null, closedDays: [], facts: NO_FACTS };
  const { week, closedDays, ...facts } = row;
  return { week: week ?? null, closedDays: closedDays ?? [], facts };
}
