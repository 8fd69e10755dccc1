import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';
import { messages, numbers, profiles } from '../../db/schema/index.ts';
import type { ResultsHours } from './business-hours.ts';
import { emptyHourlyCtes, hourlyCtes } from './hourly-figures-repository.ts';

/** Whose data and which window: one account, optionally one of its numbers, [from, to) in a time zone. */
export interface PeriodScope {
  accountId: string;
  numberId: string | null;
  from: Date;
  to: Date;
  timeZone: string;
}

/** A period's scope with the account's business hours ('fora do horário'). */
export interface ResultsScope extends PeriodScope {
  hours: ResultsHours;
}

/** A period's figures per local day, as the database answers them (counts may come back as strings). */
export interface PeriodAggregates {
  days: Record<string, number | string | null>[];
  /** Response-time histogram per local day and responder. */
  responses: { day: string; who: 'ai' | 'owner'; bucket: number; n: number | string }[];
  /** Conversations with a customer message, with any answer, and with an owner message in the period. */
  conversations: { customers: number | string; answered: number | string; with_owner: number | string } | null;
  heatmap: { d: number; h: number; n: number | string }[] | null;
  /** The AI's handoffs in the period, from owner_alerts: to a person (kind 'handoff') and 'needs_owner'. */
  handoffs: { to_person: number | string; needs_owner: number | string } | null;
}

const HOURLY_COLUMNS = sql.raw(
  'number_id, hour, conversations_started, messages_in, messages_out, ai_messages, owner_messages, ai_answers, handovers_inbox, handovers_phone, opt_outs, failed_sends',
);

/**
 * Every figure of one period in one statement: the rolled-up hours before `rolledUntil` from the
 * rollup tables (primary keys lead with user_id, hour), the hours from `liveFrom` live from the messages
 * with the same definitions (hourly-figures-repository.ts). Days, hours of the week and 'fora do horário' are
 * the account's local time of each hour.
 */
export async function periodAggregates(
  db: Db,
  scope: ResultsScope,
  plan: { rolledUntil: Date; liveFrom: Date },
  withHeatmap: boolean,
): Promise<PeriodAggregates> {
  const { rolledUntil } = plan;
  const from = scope.from.toISOString();
  const storedTo = new Date(Math.min(scope.to.getTime(), rolledUntil.getTime())).toISOString();
  const liveFrom = new Date(Math.max(scope.from.getTime(), plan.liveFrom.getTime()));
  const live = liveFrom < scope.to;
  const byNumber = scope.numberId ? sql`and number_id = ${scope.numberId}::uuid` : sql``;
  const stored = sql`user_id = ${scope.accountId} and hour >= ${from}::timestamptz and hour < ${storedTo}::timestamptz ${byNumber}`;
  const local = sql`(hour at time zone ${scope.timeZone})`;
  const outside = outsideHoursSql(scope.hours, local);
  const alertsByNumber = scope.numberId ? sql`and c.number_id = ${scope.numberId}::uuid` : sql``;
  const result = await db.execute(sql`
    with ${live ? hourlyCtes(scope.accountId, liveFrom, scope.to) : emptyHourlyCtes()},
    h as (
      select ${HOURLY_COLUMNS} from results_hourly where ${stored}
      union all select ${HOURLY_COLUMNS} from hourly where true ${byNumber}
    ),
    r as (
      select hour, who, bucket, n from results_responses_hourly where ${stored}
      union all select hour, who, bucket, n from responses where true ${byNumber}
    ),
    a as (
      select has_in, has_out, has_owner, prev_in, prev_out, prev_owner from results_active_hourly where ${stored}
      union all select has_in, has_out, has_owner, prev_in, prev_out, prev_owner from active where true ${byNumber}
    )
    select
      (select coalesce(json_agg(x), '[]') from (
        select to_char(${local}, 'YYYY-MM-DD') as day,
               sum(conversations_started) as conversations_started, sum(messages_in) as messages_in,
               sum(messages_out) as messages_out, sum(ai_messages) as ai_messages,
               sum(owner_messages) as owner_messages, sum(ai_answers) as ai_answers,
               coalesce(sum(ai_answers) filter (where ${outside}), 0) as outside_hours_answers,
               sum(handovers_inbox) as handovers_inbox, sum(handovers_phone) as handovers_phone,
               sum(opt_outs) as opt_outs, sum(failed_sends) as failed_sends
        from h group by 1) x) as days,
      (select coalesce(json_agg(x), '[]') from (
        select to_char(${local}, 'YYYY-MM-DD') as day, who, bucket, sum(n) as n from r group by 1, 2, 3) x) as responses,
      (select row_to_json(x) from (
        select count(*) filter (where has_in and (prev_in is null or prev_in < ${from}::timestamptz)) as customers,
               count(*) filter (where has_out and (prev_out is null or prev_out < ${from}::timestamptz)) as answered,
               count(*) filter (where has_owner and (prev_owner is null or prev_owner < ${from}::timestamptz)) as with_owner
        from a) x) as conversations,
      (select row_to_json(x) from (
        select count(*) filter (where o.kind = 'handoff') as to_person,
               count(*) filter (where o.kind = 'needs_owner') as needs_owner
        from owner_alerts o join conversations c on c.id = o.conv_id
        where o.user_id = ${scope.accountId} and c.user_id = ${scope.accountId} and c.type = 'chat'
          and o.kind in ('handoff', 'needs_owner') ${alertsByNumber}
          and o.created_at >= ${from}::timestamptz and o.created_at < ${scope.to.toISOString()}::timestamptz) x) as handoffs,
      ${
        withHeatmap
          ? sql`(select coalesce(json_agg(x), '[]') from (
              select extract(isodow from ${local})::int as d, extract(hour from ${local})::int as h, sum(messages_in) as n
              from h group by 1, 2 having sum(messages_in) > 0) x)`
          : sql`null`
      } as heatmap`);
  const [row] = resultRows<Record<string, unknown>>(result);
  const parse = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));
  return {
    days: parse(row!.days),
    responses: parse(row!.responses),
    conversations: parse(row!.conversations),
    heatmap: parse(row!.heatmap),
    handoffs: parse(row!.handoffs),
  };
}

/** The user's numbers, oldest first, for the number picker. */
export function listAccountNumbers(db: Db, accountId: string) {
  return db
    .select({ id: numbers.id, phone: numbers.phone, apelido: numbers.apelido })
    .from(numbers)
    .where(eq(numbers.userId, accountId))
    .orderBy(asc(numbers.createdAt));
}

/** True once the user has any stored message (the page's empty state until then). */
export async function hasAnyMessage(db: Db, accountId: string): Promise<boolean> {
  const rows = await db.select({ id: messages.id }).from(messages).where(eq(messages.userId, accountId)).limit(1);
  return rows.length > 0;
}

/** The account's active plan id, or null (no profile row, or no plan). */
export async function findActivePlanId(db: Db, accountId: string): Promise<string | null> {
  const [profile] = await db.select({ planId: profiles.activePlanId }).from(profiles).where(eq(profiles.id, accountId));
  return profile?.planId ?? null;
}

/** Templates sent in [from, to) by Meta's category per local day, and the period's total (the row whose day is null). */
export async function selectTemplateCounts(db: Db, scope: PeriodScope): Promise<TemplateCountRow[]> {
  const number = scope.numberId ? sql`and c.number_id = ${scope.numberId}` : sql``;
  return resultRows<TemplateCountRow>(
    await db.execute(sql`
      select day::text as day,
        count(*) filter (where category = 'UTILITY')::int as utility,
        count(*) filter (where category = 'MARKETING')::int as marketing,
        count(*) filter (where category = 'AUTHENTICATION')::int as authentication
      from (
        select t.category, (t.created_at at time zone ${scope.timeZone})::date as day
        from template_messages t
        join messages m on m.id = t.message_id
        join conversations c on c.id = m.conv_id
        where t.user_id = ${scope.accountId} and m.status <> 'failed'
          and t.created_at >= ${scope.from.toISOString()}::timestamptz
          and t.created_at < ${scope.to.toISOString()}::timestamptz ${number}
      ) e
      group by rollup (day)`),
  );
}

/** One row of selectTemplateCounts: a local day ('YYYY-MM-DD…'), or null for the whole period. */
export interface TemplateCountRow {
  day: string | null;
  utility: number;
  marketing: number;
  authentication: number;
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** A boolean SQL expression: `local` (a timestamp without time zone, local time) is outside the hours. */
function outsideHoursSql(hours: ResultsHours, local: SQL): SQL {
  const minute = sql`(extract(hour from ${local})::int * 60 + extract(minute from ${local})::int)`;
  const closed = (date: SQL) =>
    hours.closedDates.length === 0
      ? sql`false`
      : sql`(${date})::date in (${sql.join(
          hours.closedDates.map((d) => sql`${d}::date`),
          sql`, `,
        )})`;
  // Per weekday (0 = domingo, as extract(dow)): open from the opening that starts that day, and from
  // the previous day's opening that runs past midnight.
  const sameDay = hours.week.map((h) => {
    if (!h) return sql`false`;
    const [a, b] = [minutes(h.from), minutes(h.to)];
    return b > a
      ? sql`(${minute} >= ${sql.raw(String(a))} and ${minute} < ${sql.raw(String(b))})`
      : sql`${minute} >= ${sql.raw(String(a))}`;
  });
  const spill = hours.week.map((_, d) => {
    const h = hours.week[(d + 6) % 7];
    if (!h || minutes(h.to) > minutes(h.from)) return sql`false`;
    return sql`${minute} < ${sql.raw(String(minutes(h.to)))}`;
  });
  const byDay = (parts: SQL[]) =>
    sql`(case extract(dow from ${local})::int ${sql.join(
      parts.map((p, d) => sql`when ${sql.raw(String(d))} then ${p}`),
      sql` `,
    )} end)`;
  return sql`not ((${byDay(sameDay)} and not ${closed(local)})
    or (${byDay(spill)} and not ${closed(sql`${local} - interval '1 day'`)}))`;
}
