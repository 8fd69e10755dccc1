import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';
import { wentOutSql } from '../usage/ai-answers.ts';

/** Resultados' follow-up figures (docs/decisions/037-follow-ups.md). */
export interface FollowUpFigures {
  /** Follow-up touches that went out. */
  sent: number;
  /** Customers (conversations) who wrote within 7 days after a touch, before the next one. */
  replied: number;
  /** Of those, the ones whose reply was no opt-out and got an answer: the conversation is going again. */
  recovered: number;
}

const ZERO: FollowUpFigures = { sent: 0, replied: 0, recovered: 0 };

/**
 * The figures of the touches sent in [from, to), per local day of the send and for the whole period
 * (distinct customers across days), for the account or one of its numbers.
 */
export async function followUpFigures(
  db: Db,
  scope: { userId: string; numberId: string | null; from: Date; to: Date; timeZone: string },
): Promise<{ total: FollowUpFigures; byDay: Map<string, FollowUpFigures> }> {
  const number = scope.numberId ? sql`and f.number_id = ${scope.numberId}` : sql``;
  const rows = resultRows<{ day: string | null; sent: number; replied: number; recovered: number }>(
    await db.execute(sql`
      with touches as (
        select f.conv_id, (f.sent_at at time zone ${scope.timeZone})::date as day,
          (select min(m.created_at) from messages m
           where m.conv_id = f.conv_id and m.direction = 'in' and m.created_at > f.sent_at
             and m.created_at < f.sent_at + interval '7 days'
             and not exists (select 1 from follow_ups g where g.conv_id = f.conv_id and g.kind = 'touch'
                             and g.state = 'sent' and g.sent_at > f.sent_at and g.sent_at < m.created_at)) as reply_at
        from follow_ups f
        where f.user_id = ${scope.userId} and f.kind = 'touch' and f.state = 'sent'
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
  const byDay = new Map<string, FollowUpFigures>();
  let total = ZERO;
  for (const r of rows) {
    const figures = { sent: Number(r.sent), replied: Number(r.replied), recovered: Number(r.recovered) };
    if (r.day === null) total = figures;
    else byDay.set(r.day.slice(0, 10), figures);
  }
  return { total, byDay };
}
