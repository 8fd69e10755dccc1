import { sql } from 'drizzle-orm';
import { resultRows } from '../../db/rows.ts';
import { loadBusinessHours } from '../../domain/business-hours/load-business-hours.ts';
import { touchDueAt } from '../../domain/follow-ups/ladder.ts';
import type { FollowUpDeps } from './follow-up-deps.ts';
import { FOLLOW_UP_REASONS } from './follow-up-reasons.ts';
import { paidOrClosedSql } from '../../domain/outbound/paid-or-closed.ts';
import { conversationStopOf } from '../../domain/outbound/conversation-stop.ts';
import { wentOutSql } from '../../domain/usage/ai-answers.ts';

/** Conversations looked at per pass (the rest on the next one). */
const PLAN_BATCH = 500;
/** Conversations quiet for longer than this get no ladder (every gap is at most 7 days). */
const PLAN_HORIZON = '30 days';

interface Candidate {
  conv_id: string;
  user_id: string;
  number_id: string;
  anchor_id: string;
  anchor_at: Date | string;
  gaps_minutes: number[] | string;
  step: number;
  time_zone: string;
}

/**
 * Schedules the next touch of every conversation where one is welcome (docs/decisions/037-follow-ups.md):
 * the ladder on for the number's agent, a chat the customer started, VendAI's sent reply the last message,
 * the AI on, no opt-out, no 'Nunca responder', no handoff, no paid or closed deal (the door out's rules,
 * docs/decisions/046-one-door-out.md), no reply in preparation, and touches left
 * since the customer last wrote. One touch per anchor (the unique index): two processes planning at
 * once insert it once. Its time: the gap after the anchor, moved to the next business opening.
 */
export async function planTouches(deps: FollowUpDeps): Promise<string[]> {
  const candidates = resultRows<Candidate>(
    await deps.db.execute(sql`
      select c.id as conv_id, c.user_id, c.number_id, last.id as anchor_id, last.created_at as anchor_at,
             s.gaps_minutes, coalesce(p.time_zone, 'America/Sao_Paulo') as time_zone,
             (select count(*)::int from follow_ups f where f.conv_id = c.id and f.kind = 'touch' and f.state = 'sent'
                and f.sent_at > coalesce((select max(m.created_at) from messages m
                                          where m.conv_id = c.id and m.direction = 'in'), 'epoch')) + 1 as step
      from follow_up_settings s
      join numbers n on n.agente = s.agent_id
      join conversations c on c.number_id = n.id
      left join profiles p on p.id = c.user_id
      cross join lateral (select m.id, m.author, m.status, m.created_at, m.failed_burst_id from messages m
                          where m.conv_id = c.id order by m.created_at desc, m.id desc limit 1) last
      where s.enabled and not ${conversationStopOf('c')}
        and c.last_message > ${deps.now().toISOString()}::timestamptz - interval '${sql.raw(PLAN_HORIZON)}'
        and last.author = 'ai' and ${wentOutSql(sql`last.status`)} and last.failed_burst_id is null
        and (select m.direction from messages m where m.conv_id = c.id order by m.created_at, m.id limit 1) = 'in'
        and not exists (select 1 from reply_bursts b where b.conv_id = c.id
                        and b.state in ('waiting', 'generating', 'sending'))
        and not exists (select 1 from follow_ups f where f.conv_id = c.id and f.kind = 'touch'
                        and f.anchor_message_id = last.id)
      limit ${PLAN_BATCH}`),
  );
  const planned: string[] = [];
  const hoursOf = new Map<string, Awaited<ReturnType<typeof loadBusinessHours>>>();
  for (const c of candidates) {
    const gaps = typeof c.gaps_minutes === 'string' ? (JSON.parse(c.gaps_minutes) as number[]) : c.gaps_minutes;
    const gap = gaps[Number(c.step) - 1];
    if (gap === undefined) continue; // the ladder is done until the customer writes again
    if (!hoursOf.has(c.user_id)) hoursOf.set(c.user_id, await loadBusinessHours(deps.db, c.user_id));
    const due = touchDueAt({
      lastReplyAt: new Date(c.anchor_at),
      gapMinutes: gap,
      hours: hoursOf.get(c.user_id)!,
      timeZone: c.time_zone,
    });
    if (!due) continue;
    const inserted = resultRows<{ id: string }>(
      await deps.db.execute(sql`
        insert into follow_ups (user_id, conv_id, number_id, kind, step, anchor_message_id, due_at)
        values (${c.user_id}, ${c.conv_id}, ${c.number_id}, 'touch', ${Number(c.step)}, ${c.anchor_id},
                ${due.toISOString()}::timestamptz)
        on conflict do nothing returning id`),
    );
    if (inserted.length > 0) planned.push(`${c.user_id}:${c.conv_id}`);
  }
  return planned;
}

/**
 * Stops at once what is no longer welcome, before its time comes (the inbox stops showing it): a
 * touch whose anchor is no longer the last message (the customer or the owner wrote) or whose
 * conversation went Manual, handed over, opted out, 'Nunca responder', paid or closed; a scheduled message the
 * customer answered first when the owner asked so, or to a contact who opted out.
 */
export async function cancelUnwelcome(deps: FollowUpDeps): Promise<string[]> {
  const rows = resultRows<{ conv_id: string; user_id: string }>(
    await deps.db.execute(sql`
      update follow_ups f set state = 'cancelled', updated_at = now(),
        reason = case
          when c.opted_out then ${FOLLOW_UP_REASONS.optedOut}
          when f.kind = 'scheduled' or last.direction = 'in' then ${FOLLOW_UP_REASONS.customerReplied}
          when c.never_answer then ${FOLLOW_UP_REASONS.neverAnswer}
          when c.handoff_reason is not null then ${FOLLOW_UP_REASONS.handedOver}
          when f.kind = 'touch' and ${paidOrClosedSql(sql`c.id`)} then ${FOLLOW_UP_REASONS.paid}
          else ${FOLLOW_UP_REASONS.manual} end
      from conversations c
      cross join lateral (select m.id, m.direction from messages m where m.conv_id = c.id
                          order by m.created_at desc, m.id desc limit 1) last
      where f.state = 'scheduled' and c.id = f.conv_id
        and (c.opted_out
          or (f.kind = 'touch' and (last.id <> f.anchor_message_id or ${conversationStopOf('c')}))
          or (f.kind = 'scheduled' and f.cancel_on_reply and exists (
                select 1 from messages m where m.conv_id = f.conv_id and m.direction = 'in' and m.created_at > f.created_at)))
      returning f.conv_id, f.user_id`),
  );
  return [...new Set(rows.map((r) => `${r.user_id}:${r.conv_id}`))];
}
