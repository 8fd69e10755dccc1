import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';
import { messages, numbers } from '../../db/schema/index.ts';
import { outsideHoursSql, type WeeklyHours } from './business-hours.ts';

/** Whose data and which window: one user, optionally one of their numbers, [from, to) in a time zone. */
export interface ResultsScope {
  userId: string;
  numberId: string | null;
  from: Date;
  to: Date;
  timeZone: string;
  hours: WeeklyHours;
}

/** Raw per-period aggregates as the database answers them (counts may come back as strings). */
export interface PeriodAggregates {
  /** One row per local day with messages, plus the total row (day null). */
  counts: Record<string, number | string | null>[];
  sequence: Record<string, number | string | null>[];
  /** Daily medians (who null) and totals per responder (day null). */
  responses: { day: string | null; who: 'ai' | 'owner' | null; p50: number; p90: number; n: number | string }[];
  conversations: { answered: number | string; ai_only: number | string };
  started: { day: string | null; n: number | string }[];
  heatmap: { d: number; h: number; n: number | string }[] | null;
}

/** A whole customer message 'sair', 'parar', 'pare' or 'stop' (the engine's opt-out words), any case or punctuation. */
const OPT_OUT = sql`lower(regexp_replace(coalesce(m.content, ''), '[^[:alnum:]]', '', 'g')) in ('sair', 'parar', 'pare', 'stop')`;

/**
 * Every figure of one period in one statement (one round trip; the scoped messages are read once).
 * Groups are excluded; failed sends count apart and take no part in the reply sequence. Bursts,
 * answers and handovers are read from the order of the period's own messages
 * (docs/decisions/015-results-figures.md). Index: messages_user_created_idx.
 */
export async function periodAggregates(db: Db, scope: ResultsScope, withHeatmap: boolean): Promise<PeriodAggregates> {
  const tz = scope.timeZone;
  const from = scope.from.toISOString();
  const to = scope.to.toISOString();
  const byNumber = scope.numberId ? sql`and c.number_id = ${scope.numberId}::uuid` : sql``;
  const outside = outsideHoursSql(scope.hours, sql.raw('s.local_at'));
  const result = await db.execute(sql`
    with m as materialized (
      select m.id, m.conv_id, m.author, m.status, m.content, m.created_at,
             (m.created_at at time zone ${tz}) as local_at,
             to_char(m.created_at at time zone ${tz}, 'YYYY-MM-DD') as day,
             ${OPT_OUT} as opt_out
      from messages m join conversations c on c.id = m.conv_id
      where m.user_id = ${scope.userId} and c.user_id = ${scope.userId} and c.type = 'chat' ${byNumber}
        and m.created_at >= ${from}::timestamptz and m.created_at < ${to}::timestamptz
    ),
    s as materialized (
      select m.*,
             lag(author) over (partition by conv_id order by created_at, id) as prev_author,
             lag(author) over (partition by conv_id, author = 'contact' order by created_at, id) as prev_side_author
      from m where status <> 'failed'
    ),
    b as (
      select s.*, sum(case when author = 'contact' and prev_author is distinct from 'contact' then 1 else 0 end)
               over (partition by conv_id order by created_at, id) as burst_no
      from s
    ),
    bursts as (
      select min(created_at) filter (where author = 'contact') as started_at,
             min(created_at) filter (where author <> 'contact') as answered_at,
             (array_agg(author order by created_at, id) filter (where author <> 'contact'))[1] as answered_by
      from b where burst_no > 0 group by conv_id, burst_no
    ),
    r as (
      select to_char(started_at at time zone ${tz}, 'YYYY-MM-DD') as day,
             case when answered_by = 'ai' then 'ai' else 'owner' end as who,
             extract(epoch from answered_at - started_at)::float8 as secs
      from bursts where answered_at is not null
    )
    select
      (select coalesce(json_agg(x), '[]') from (
        select day,
               count(*) filter (where author = 'contact') as messages_in,
               count(*) filter (where author <> 'contact' and status <> 'failed') as messages_out,
               count(*) filter (where author = 'ai' and status <> 'failed') as ai_messages,
               count(*) filter (where author in ('owner_app', 'owner_phone') and status <> 'failed') as owner_messages,
               count(*) filter (where author <> 'contact' and status = 'failed') as failed_sends,
               count(*) filter (where author = 'contact' and opt_out) as opt_outs,
               count(distinct conv_id) filter (where author = 'contact') as customers
        from m group by grouping sets ((day), ())) x) as counts,
      (select coalesce(json_agg(x), '[]') from (
        select day,
               count(*) filter (where author = 'ai' and prev_author is distinct from 'ai') as ai_answers,
               count(*) filter (where author = 'ai' and prev_author is distinct from 'ai' and ${outside}) as outside_hours_answers,
               count(*) filter (where author = 'owner_app' and prev_side_author = 'ai') as handovers_inbox,
               count(*) filter (where author = 'owner_phone' and prev_side_author = 'ai') as handovers_phone
        from s group by grouping sets ((day), ())) x) as sequence,
      (select coalesce(json_agg(x), '[]') from (
        select day, who, percentile_cont(0.5) within group (order by secs) as p50,
               percentile_cont(0.9) within group (order by secs) as p90, count(*) as n
        from r group by grouping sets ((day), (who))) x) as responses,
      (select row_to_json(x) from (
        select count(*) filter (where has_out) as answered, count(*) filter (where has_ai and not has_owner) as ai_only
        from (select bool_or(author <> 'contact') as has_out, bool_or(author = 'ai') as has_ai,
                     bool_or(author in ('owner_app', 'owner_phone')) as has_owner
              from s group by conv_id) c) x) as conversations,
      (select coalesce(json_agg(x), '[]') from (
        select day, count(*) as n from (
          select to_char(c.created_at at time zone ${tz}, 'YYYY-MM-DD') as day
          from conversations c
          where c.user_id = ${scope.userId} and c.type = 'chat' ${byNumber}
            and c.created_at >= ${from}::timestamptz and c.created_at < ${to}::timestamptz) c
        group by grouping sets ((day), ())) x) as started,
      ${
        withHeatmap
          ? sql`(select coalesce(json_agg(x), '[]') from (
              select extract(isodow from local_at)::int as d, extract(hour from local_at)::int as h, count(*) as n
              from m where author = 'contact' group by 1, 2) x)`
          : sql`null`
      } as heatmap`);
  const [row] = resultRows<Record<string, unknown>>(result);
  const parse = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));
  return {
    counts: parse(row!.counts),
    sequence: parse(row!.sequence),
    responses: parse(row!.responses),
    conversations: parse(row!.conversations),
    started: parse(row!.started),
    heatmap: parse(row!.heatmap),
  };
}

/** The user's numbers, oldest first, for the number picker. */
export function listUserNumbers(db: Db, userId: string) {
  return db
    .select({ id: numbers.id, phone: numbers.phone, apelido: numbers.apelido })
    .from(numbers)
    .where(eq(numbers.userId, userId))
    .orderBy(asc(numbers.createdAt));
}

/** True once the user has any stored message (the page's empty state until then). */
export async function hasAnyMessage(db: Db, userId: string): Promise<boolean> {
  const rows = await db.select({ id: messages.id }).from(messages).where(eq(messages.userId, userId)).limit(1);
  return rows.length > 0;
}
