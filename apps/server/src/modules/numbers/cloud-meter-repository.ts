import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';

export interface MeterRow {
  number_id: string;
  category: string;
  sent: number;
  billable: number;
  priced_by_meta: number;
}

/**
 * The month's rows of the Cloud meter (docs/decisions/064-cloud-meter-and-one-balloon.md) per number and
 * Meta's category: one range scan of `cloud_message_meter_user_sent_idx` (user, sent_at). `month` is
 * 'YYYY-MM'; its bounds are the account's local midnights.
 */
export async function meterRowsOfMonth(
  db: Db,
  accountId: string,
  month: string,
  timeZone: string,
): Promise<MeterRow[]> {
  const first = `${month}-01`;
  return resultRows<MeterRow>(
    await db.execute(sql`
      select number_id, category, count(*)::int as sent, count(*) filter (where billable)::int as billable,
             count(*) filter (where billable and priced_by = 'meta')::int as priced_by_meta
      from cloud_message_meter
      where user_id = ${accountId}
        and sent_at >= (${first}::timestamp at time zone ${timeZone})
        and sent_at < ((${first}::timestamp + interval '1 month') at time zone ${timeZone})
      group by number_id, category`),
  );
}
