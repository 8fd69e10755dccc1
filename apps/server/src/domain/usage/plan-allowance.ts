import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';

/** The calendar month (UTC) an allowance counts in, as 'YYYY-MM-01'. */
export const allowanceMonthOf = (now: Date) => `${now.toISOString().slice(0, 7)}-01`;

/** A plan's monthly allowance of owner-triggered model calls (test-allowance.ts, ai-assists.ts). */
export type AllowanceColumn = 'max_test_messages' | 'max_ai_assists';

/** The account's plan allowance in `column` (the free plan's for an account without a plan; 0 when none). */
export async function planAllowance(db: Db, userId: string, column: AllowanceColumn): Promise<number> {
  const max = sql.raw(column);
  const [row] = resultRows<{ max: number }>(
    await db.execute(sql`
      select coalesce(
        (select p.${max} from profiles pr join plans p on p.id = pr.active_plan_id where pr.id = ${userId}),
        (select ${max} from plans where slug = 'freemium' limit 1), 0) as max`),
  );
  return Number(row?.max ?? 0);
}
