import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { plans } from '../../db/schema/index.ts';

export type PlanRow = typeof plans.$inferSelect;

/** Active plans, in display order. */
export async function listActivePlans(db: Db): Promise<PlanRow[]> {
  return db.select().from(plans).where(eq(plans.isActive, true)).orderBy(asc(plans.sortOrder));
}
