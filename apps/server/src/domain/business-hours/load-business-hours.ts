import type { BusinessFacts } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { selectBusinessHoursRow } from './business-hours-repository.ts';

export const NO_FACTS: BusinessFacts = { hoursNote: null, address: null, paymentMethods: null, deliveryAreas: null };

/**
 * The account's business facts row (docs/decisions/066-business-facts-in-one-place.md): the week (null =
 * none given), the closed days and the facts in words (null = not given).
 */
export async function loadBusinessHours(
  db: Db,
  accountId: string,
): Promise<{ week: ({ from: string; to: string } | null)[] | null; closedDays: string[]; facts: BusinessFacts }> {
  const row = await selectBusinessHoursRow(db, accountId);
  if (!row) return { week: null, closedDays: [], facts: NO_FACTS };
  const { week, closedDays, ...facts } = row;
  return { week: week ?? null, closedDays: closedDays ?? [], facts };
}
