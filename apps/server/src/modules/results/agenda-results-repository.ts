import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';

/** One local day's appointments by status (counts may come back as strings). */
export interface AgendaDaySqlRow {
  day: string;
  total: number | string;
  by_ai: number | string;
  booked: number | string;
  confirmed: number | string;
  attended: number | string;
  no_show: number | string;
  cancelled: number | string;
  revenue: number | string;
}

/**
 * Resultados' 'Agenda' in one statement (docs/decisions/069-agenda.md): the account's appointments that
 * start in [from, to), per local day of the account's time zone, by status; the AI's; the attended ones' price.
 */
export async function agendaDayRows(
  db: Db,
  scope: { userId: string; from: Date; to: Date; timeZone: string },
): Promise<AgendaDaySqlRow[]> {
  return resultRows<AgendaDaySqlRow>(
    await db.execute(sql`
      select to_char((b.starts_at at time zone ${scope.timeZone})::date, 'YYYY-MM-DD') as day,
             count(*) as total,
             count(*) filter (where b.source = 'ai') as by_ai,
             count(*) filter (where b.status in ('held', 'booked')) as booked,
             count(*) filter (where b.status = 'confirmed') as confirmed,
             count(*) filter (where b.status = 'attended') as attended,
             count(*) filter (where b.status = 'no_show') as no_show,
             count(*) filter (where b.status = 'cancelled') as cancelled,
             coalesce(sum(b.price_cents) filter (where b.status = 'attended'), 0) as revenue
      from agenda_bookings b
      where b.user_id = ${scope.userId}
        and b.starts_at >= ${scope.from.toISOString()}::timestamptz
        and b.starts_at < ${scope.to.toISOString()}::timestamptz
      group by 1 order by 1`),
  );
}
