import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';
import { wentOutSql } from '../usage/ai-answers.ts';

/** One row per local day of the sends, and the period's (day null, distinct customers across days). */
export interface TouchOutcomesRow {
  day: string | null;
  sent: number;
  replied: number;
  recovered: number;
}

/**
 * The follow-up touches sent in the scope's [from, to) (follow-up-figures.ts): how many went out, how many
 * customers wrote within 7 days after one (before the next), and how many of those got an answer to a reply
 * that was no opt-out; per local day of the send, with the period's total as the rollup's row.
 */
export async function countTouchOutcomes(
  db: Db,
  scope: { accountId: string; numberId: string | null; from: Date; to: Date; timeZone: string },
): Promise<TouchOutcomesRow[]> {
  const number = scope.numberId ? sql`and f.number_id = ${scope.numberId}` : sql``;
  return resultRows<TouchOutcomesRow>(
    await db.execute(sql`
      with touches as (
        select f.conv_id, (f.sent_at at time zone ${scope.timeZone})::date as day,
          (select min(m.created_at) from messages m
           where m.conv_id = f.conv_id and m.direction = 'in' and m.created_at > f.sent_at
             and m.created_at < f.sent_at + interval '7 days'
             and not exists (select 1 from follow_ups g where g.conv_id = f.conv_id and g.kind = 'touch'
                             and g.state = 'sent' and g.sent_at > f.sent_at and g.sent_at < m.created_at)) as reply_at
        from follow_ups f
        where f.user_id = ${scope.accountId} and f.kind = 'touch' and f.state = 'sent'
          and f.sent_at >= ${scope.from.toISOString()}::timestamptz and f.sent_at < ${scope.to.toISOString()}::timestamptz
          ${number}
      ), outcomes as (
        select t.conv_id, t.day, t.reply_at,
          t.reply_at is not null
            and not exists (select 1 from messages m where m.conv_id = t.conv_id and m.direction = 'in'
                            and m.created_at = t.reply_at and m.opt_out)
            and exists (select 1 from messages a where a.conv_id = t.conv_id and a.direction = 'out'
                        and ${wentOutSql(sql`a.status`)} and a.created_at > t.reply_at) as recovered
        from touches t
      )
      select day::text as day, count(*)::int as sent,
        count(distinct conv_id) filter (where reply_at is not null)::int as replied,
        count(distinct conv_id) filter (where recovered)::int as recovered
      from outcomes group by rollup (day)`),
  );
}
