import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';
import { conversationStopOf } from '../../domain/outbound/conversation-stop.ts';
import { paidOrClosedSql } from '../../domain/outbound/paid-or-closed.ts';
import { wentOutSql } from '../../domain/usage/ai-answers.ts';
import { FOLLOW_UP_REASONS } from './follow-up-reasons.ts';

// The touches' planner (plan-touches.ts): the conversations a touch is welcome in, the touch inserted once
// per anchor, and the planned follow-ups no longer welcome.

export interface TouchCandidate {
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
 * Up to `limit` conversations where a touch is welcome now (`now`, an ISO time; quiet for less than
 * `horizon`, a PostgreSQL interval), with the anchor (VendAI's last sent reply) and the next step.
 */
export async function selectTouchCandidates(
  db: Db,
  now: string,
  horizon: string,
  limit: number,
): Promise<TouchCandidate[]> {
  return resultRows<TouchCandidate>(
    await db.execute(sql`
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
        and c.last_message > ${now}::timestamptz - interval '${sql.raw(horizon)}'
        and last.author = 'ai' and ${wentOutSql(sql`last.status`)} and last.failed_burst_id is null
        and (select m.direction from messages m where m.conv_id = c.id order by m.created_at, m.id limit 1) = 'in'
        and not exists (select 1 from reply_bursts b where b.conv_id = c.id
                        and b.state in ('waiting', 'generating', 'sending'))
        and not exists (select 1 from follow_ups f where f.conv_id = c.id and f.kind = 'touch'
                        and f.anchor_message_id = last.id)
      limit ${limit}`),
  );
}

/** The touch at `due`, once per anchor (the unique index); false when it was planned already. */
export async function insertTouch(db: Db, c: TouchCandidate, due: Date): Promise<boolean> {
  const inserted = resultRows<{ id: string }>(
    await db.execute(sql`
      insert into follow_ups (user_id, conv_id, number_id, kind, step, anchor_message_id, due_at)
      values (${c.user_id}, ${c.conv_id}, ${c.number_id}, 'touch', ${Number(c.step)}, ${c.anchor_id},
              ${due.toISOString()}::timestamptz)
      on conflict do nothing returning id`),
  );
  return inserted.length > 0;
}

/** Cancels the scheduled follow-ups no longer welcome, each with its reason; their conversations. */
export async function cancelUnwelcomeFollowUps(db: Db): Promise<{ conv_id: string; user_id: string }[]> {
  return resultRows<{ conv_id: string; user_id: string }>(
    await db.execute(sql`
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
}
