import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';
import { FOLLOW_UP_REASONS } from './follow-up-reasons.ts';
import { freeTextAllowed } from '../../domain/conversation-rules/service-window.ts';
import { type OutboundFacts, type OutboundRule, outboundStop } from '../../domain/outbound/outbound-rules.ts';
import { paidOrClosedSql } from '../../domain/outbound/paid-or-closed.ts';
import { conversationFacts } from '../../domain/outbound/conversation-stop.ts';
import { wentOut } from '../../domain/usage/ai-answers.ts';
import type { AnswerItem } from '@vendai/contracts';

/** A follow-up row as claimed (snake_case: raw statements). */
export interface FollowUpRow {
  id: string;
  user_id: string;
  conv_id: string;
  number_id: string;
  kind: 'touch' | 'scheduled';
  step: number;
  anchor_message_id: string | null;
  due_at: Date | string;
  text: string | null;
  cancel_on_reply: boolean;
  created_at: Date | string;
  message_id: string | null;
  claim_token: string | null;
}

/** What deciding and sending a follow-up needs about its conversation, read in one statement. */
export interface FollowUpContext {
  type: 'chat' | 'group';
  contact_jid: string;
  agente_ativo: boolean;
  opted_out: boolean;
  never_answer: boolean;
  handoff_reason: string | null;
  instance_name: string;
  provider: 'evolution' | 'cloud';
  enabled: boolean | null;
  gaps_minutes: number[] | string | null;
  number_daily_cap: number | null;
  system_prompt: string | null;
  time_zone: string;
  first_direction: 'in' | 'out' | null;
  last_id: string | null;
  last_author: string | null;
  last_status: string | null;
  last_failed_burst: string | null;
  last_in_at: Date | string | null;
  /** Meta refused free text with #131047 at this time (decision 054). */
  window_closed_through: Date | string | null;
  open_burst: boolean;
  in_since_created: boolean;
  /** The conversation (or its agent) is in approval mode (decision 045). */
  approval: boolean;
  /** The customer paid since they last wrote, or the deal is closed (domain/outbound/paid-or-closed.ts). */
  paid_or_closed: boolean;
  agent_id: string | null;
  respostas: AnswerItem[] | string | null;
}

export async function loadFollowUpContext(db: Db, f: FollowUpRow): Promise<FollowUpContext | null> {
  const [row] = resultRows<FollowUpContext>(
    await db.execute(sql`
      select c.type, c.contact_jid, c.agente_ativo, c.opted_out, c.never_answer, c.handoff_reason,
             n.instance_name, n.provider, s.enabled, s.gaps_minutes, s.number_daily_cap, a.system_prompt,
             coalesce(p.time_zone, 'America/Sao_Paulo') as time_zone,
             (select m.direction from messages m where m.conv_id = c.id order by m.created_at, m.id limit 1) as first_direction,
             last.id as last_id, last.author as last_author, last.status as last_status,
             last.failed_burst_id as last_failed_burst,
             (select max(m.created_at) from messages m where m.conv_id = c.id and m.direction = 'in') as last_in_at, c.window_closed_through,
             exists (select 1 from reply_bursts b where b.conv_id = c.id
                     and b.state in ('waiting', 'generating', 'sending')) as open_burst,
             exists (select 1 from messages m where m.conv_id = c.id and m.direction = 'in'
                     and m.created_at > ${f.created_at}::timestamptz) as in_since_created,
             coalesce(c.approval_mode, a.approval_mode, false) as approval,
             ${paidOrClosedSql(sql`c.id`)} as paid_or_closed,
             a.id as agent_id, a.respostas
      from conversations c
      join numbers n on n.id = c.number_id
      left join agentes a on a.id = n.agente
      left join follow_up_settings s on s.agent_id = n.agente
      left join profiles p on p.id = c.user_id
      left join lateral (select m.id, m.author, m.status, m.failed_burst_id from messages m
                         where m.conv_id = c.id order by m.created_at desc, m.id desc limit 1) last on true
      where c.id = ${f.conv_id}`),
  );
  return row ?? null;
}

/** The follow-ups' reason for each rule of the door out that stops an automatic send. */
const REASON_OF: Partial<Record<OutboundRule, string>> = {
  group: FOLLOW_UP_REASONS.group,
  opt_out: FOLLOW_UP_REASONS.optedOut,
  never_answer: FOLLOW_UP_REASONS.neverAnswer,
  paid: FOLLOW_UP_REASONS.paid,
  approval: FOLLOW_UP_REASONS.approval,
};

/** What the door out needs to know about this conversation for an automatic send. */
export function automaticFacts(c: FollowUpContext): OutboundFacts {
  return { ...conversationFacts(c), approval: c.approval };
}

/**
 * Why this follow-up must not go now (null: it may). First the door out's rules for its origin
 * (docs/decisions/046-one-door-out.md: a scheduled message stops only for an opt-out; a touch for a
 * group, an opt-out, 'Nunca responder', Manual or handed over, a paid or closed deal, approval mode),
 * then what makes a touch welcome: the ladder on, a chat the customer started, VendAI's reply the
 * last message (the touch's anchor), no answer in preparation; a scheduled message not after the
 * customer wrote when the owner asked so.
 */
export function exclusionReason(f: FollowUpRow, c: FollowUpContext): string | null {
  const stop = outboundStop(f.kind === 'touch' ? 'ai_touch' : 'scheduled', automaticFacts(c));
  if (stop === 'manual') return c.handoff_reason ? FOLLOW_UP_REASONS.handedOver : FOLLOW_UP_REASONS.manual;
  if (stop) return REASON_OF[stop] ?? stop;
  if (f.kind === 'scheduled') return f.cancel_on_reply && c.in_since_created ? FOLLOW_UP_REASONS.customerReplied : null;
  if (!c.enabled || !c.system_prompt) return FOLLOW_UP_REASONS.off;
  if (c.first_direction !== 'in') return FOLLOW_UP_REASONS.notFirst;
  if (c.last_id !== f.anchor_message_id)
    return c.last_in_at && c.last_author === 'contact'
      ? FOLLOW_UP_REASONS.customerReplied
      : FOLLOW_UP_REASONS.notAnsweredLast;
  if (c.last_author !== 'ai' || !wentOut(c.last_status) || c.last_failed_burst)
    return FOLLOW_UP_REASONS.notAnsweredLast;
  if (c.open_burst) return FOLLOW_UP_REASONS.answering;
  return null;
}

/**
 * An official-API number may only send free text within 24 h of the customer's last message, and not
 * after Meta refused it with #131047 until they write again (decisions 041 and 054).
 */
export function outsideCloudWindow(c: FollowUpContext, now: Date): boolean {
  return !freeTextAllowed(
    { provider: c.provider, customerLastAt: c.last_in_at, windowClosedThrough: c.window_closed_through },
    now,
  );
}
