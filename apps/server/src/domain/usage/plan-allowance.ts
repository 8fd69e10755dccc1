import type { Db } from '../../db/client.ts';
import { findPlanAllowance } from './allowance-repository.ts';

/** The calendar month (UTC) an allowance counts in, as 'YYYY-MM-01'. */
export const allowanceMonthOf = (now: Date) => `${now.toISOString().slice(0, 7)}-01`;

/** A plan's monthly allowance of owner-triggered model calls (test-allowance.ts, ai-assists.ts). */
export type AllowanceColumn = 'max_test_messages' | 'max_ai_assists';

/** The account's plan allowance in `column` (the free plan's for an account without a plan; 0 when none). */
export async function planAllowance(db: Db, accountId: string, column: AllowanceColumn): Promise<number> {
  return findPlanAllowance(db, accountId, column);
}
