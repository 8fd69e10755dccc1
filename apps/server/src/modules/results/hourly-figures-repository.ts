import { sql, type SQL } from 'drizzle-orm';
import { isAiAnswerSql, previousAuthorSql } from '../../domain/usage/ai-answers.ts';
import { notOwnerChannelSql } from '../../domain/phones/owner-channel.ts';

/**
 * The figures of [from, to) per number and UTC hour, from the messages, as SQL CTEs (docs/decisions/
 * 017-results-figures.md). Used twice with the same definitions: to fill the rollup tables with the
 * hours that are over (results-rollup.ts) and to read the hours after the rollup live
 * (results-repository.ts). Defines the CTEs `hourly`, `responses` and `active`.
 *
 * - Groups are excluded; failed sends count apart and take no part in the reply sequence.
 * - Sequences (AI answers, bursts, handovers) see each conversation's messages of the 2 days before
 *   `from` as context, so a row right after an hour boundary is judged like any other.
 * - An AI answer: domain/usage/ai-answers.ts (the same definition as the plans' counters); an opt-out:
 *   the fact `messages.opt_out`, stored on arrival (domain/conversation-rules/opt-out.ts). A burst: customer messages in a row; its first response is the first non-customer message
 *   after it, counted in the hour of that answer, by who wrote it (AI or the owner).
 * - A handover: an owner message (inbox or phone) whose previous non-customer message is the AI's.
 * - `active`: per conversation and hour, who wrote, with the previous hour each side wrote.
 */
export function hourlyCtes(accountId: string, from: Date, to: Date): SQL {
  const a = from.toISOString();
  const b = to.toISOString();
  // The conversation's previous hour with `flag`: earlier in this range, else from its last rolled-up
  // hour before `from` (`rolled`): that hour if it had `flag`, else that hour's own previous one. `rolled`
  // is one entry of results_active_hourly_conv_idx, walked backwards from `from`; no user_id condition
  // (the conversation is the user's own): with one, the planner walked the primary key's (user_id, hour)
  // over the account's whole rolled history once per conversation and flag.
  const previous = (flag: string) => sql`coalesce(
        max(case when x.${sql.raw(flag)} then x.hour end) over w,
        case when rolled.${sql.raw(flag)} then rolled.hour else rolled.prev_${sql.raw(flag.slice(4))} end)`;
  return sql`
    scoped as (
      select m.id, m.conv_id, c.number_id, m.author, m.status, m.opt_out, m.created_at
      from messages m join conversations c on c.id = m.conv_id
      where m.user_id = ${accountId} and c.user_id = ${accountId} and c.type = 'chat' and ${notOwnerChannelSql('c')}
        and m.created_at >= ${a}::timestamptz and m.created_at < ${b}::timestamptz
    ),
    context as (
      select p.id, p.conv_id, lc.number_id, p.author, p.status, p.opt_out, p.created_at
      from (select distinct conv_id, number_id from scoped) lc
      cross join lateral (
        select m.id, m.conv_id, m.author, m.status, m.opt_out, m.created_at from messages m
        where m.conv_id = lc.conv_id and m.created_at >= ${a}::timestamptz - interval '2 days'
          and m.created_at < ${a}::timestamptz
        order by m.created_at desc, m.id desc limit 50
      ) p
    ),
    m as materialized (
      select x.*, date_trunc('hour', x.created_at at time zone 'UTC') at time zone 'UTC' as hour,
             x.created_at >= ${a}::timestamptz as in_range
      from (select * from scoped union all select * from context) x
    ),
    s1 as (
      select m.*,
             ${previousAuthorSql} as prev_author,
             lag(author) over (partition by conv_id, author = 'contact' order by created_at, id) as prev_side_author
      from m where status <> 'failed'
    ),
    s as materialized (
      select s1.*,
             max(case when author = 'contact' and prev_author is distinct from 'contact' then created_at end)
               over (partition by conv_id order by created_at, id) as burst_started_at
      from s1
    ),
    hourly as (
      select number_id, hour, sum(started)::int as conversations_started, sum(mi)::int as messages_in,
             sum(mo)::int as messages_out, sum(aim)::int as ai_messages, sum(om)::int as owner_messages,
             sum(aa)::int as ai_answers, sum(hi)::int as handovers_inbox, sum(hp)::int as handovers_phone,
             sum(oo)::int as opt_outs, sum(fs)::int as failed_sends
      from (
        select number_id, hour, 0 as started,
               count(*) filter (where author = 'contact') as mi,
               count(*) filter (where author <> 'contact' and status <> 'failed') as mo,
               count(*) filter (where author = 'ai' and status <> 'failed') as aim,
               count(*) filter (where author in ('owner_app', 'owner_phone') and status <> 'failed') as om,
               0 as aa, 0 as hi, 0 as hp,
               count(*) filter (where author = 'contact' and opt_out) as oo,
               count(*) filter (where author <> 'contact' and status = 'failed') as fs
        from m where in_range group by number_id, hour
        union all
        select number_id, hour, 0, 0, 0, 0, 0,
               count(*) filter (where ${isAiAnswerSql(sql`author`, sql`status`, sql`prev_author`)}),
               count(*) filter (where author = 'owner_app' and prev_side_author = 'ai'),
               count(*) filter (where author = 'owner_phone' and prev_side_author = 'ai'),
               0, 0
        from s where in_range group by number_id, hour
        union all
        select c.number_id, date_trunc('hour', c.created_at at time zone 'UTC') at time zone 'UTC', count(*),
               0, 0, 0, 0, 0, 0, 0, 0, 0
        from conversations c
        where c.user_id = ${accountId} and c.type = 'chat' and ${notOwnerChannelSql('c')}
          and c.created_at >= ${a}::timestamptz and c.created_at < ${b}::timestamptz
        group by 1, 2
      ) x group by number_id, hour
    ),
    responses as (
      select number_id, hour, case when author = 'ai' then 'ai' else 'owner' end as who,
             ${bucketSql(sql`extract(epoch from created_at - burst_started_at)`)} as bucket, count(*)::int as n
      from s
      where in_range and author <> 'contact' and prev_author = 'contact' and burst_started_at is not null
      group by 1, 2, 3, 4
    ),
    active0 as (
      select number_id, hour, conv_id, bool_or(author = 'contact') as has_in,
             bool_or(author <> 'contact' and status <> 'failed') as has_out,
             bool_or(author in ('owner_app', 'owner_phone') and status <> 'failed') as has_owner
      from m where in_range group by number_id, hour, conv_id
    ),
    active as (
      select x.*,
        ${previous('has_in')} as prev_in,
        ${previous('has_out')} as prev_out,
        ${previous('has_owner')} as prev_owner
      from active0 x
      left join lateral (
        select r.hour, r.has_in, r.has_out, r.has_owner, r.prev_in, r.prev_out, r.prev_owner
        from results_active_hourly r
        where r.conv_id = x.conv_id and r.hour < ${a}::timestamptz
        order by r.conv_id desc, r.hour desc limit 1
      ) rolled on true
      window w as (partition by x.conv_id order by x.hour rows between unbounded preceding and 1 preceding)
    )`;
}

/**
 * Response-time histogram buckets, by their lower bound in seconds: 1 s under a minute, 10 s under
 * 10 minutes, 1 min under an hour, 15 min under a day, then hours. Percentiles read from them are
 * exact to that resolution.
 */
function bucketSql(secs: SQL): SQL {
  return sql`(case
    when ${secs} < 60 then floor(${secs})
    when ${secs} < 600 then floor(${secs} / 10) * 10
    when ${secs} < 3600 then floor(${secs} / 60) * 60
    when ${secs} < 86400 then floor(${secs} / 900) * 900
    else floor(${secs} / 3600) * 3600 end)::int`;
}

/** The same three CTEs with no rows: a period whose hours are all rolled up plans nothing live. */
export function emptyHourlyCtes(): SQL {
  return sql`
    hourly as (
      select null::uuid as number_id, null::timestamptz as hour, 0 as conversations_started, 0 as messages_in,
             0 as messages_out, 0 as ai_messages, 0 as owner_messages, 0 as ai_answers, 0 as handovers_inbox,
             0 as handovers_phone, 0 as opt_outs, 0 as failed_sends
      where false
    ),
    responses as (
      select null::uuid as number_id, null::timestamptz as hour, null::text as who, 0 as bucket, 0 as n where false
    ),
    active as (
      select null::uuid as number_id, false as has_in, false as has_out, false as has_owner,
             null::timestamptz as prev_in, null::timestamptz as prev_out, null::timestamptz as prev_owner
      where false
    )`;
}
