import { sql } from 'drizzle-orm';
import { execPrepared, type PreparedTarget } from '../../../db/prepared.ts';
import type { AnswerItem } from '../../../db/schema/index.ts';
import { contactAnswersTodaySql } from '../../../domain/ai-reply/contact-daily-ceiling.ts';
import { latestSourceSql } from '../../../domain/ad-attribution/sources-repository.ts';
import { metaAgentHoldsSql } from '../../../domain/conversation-rules/meta-agent-holds.ts';
import { freeTextAllowedSql } from '../../../domain/conversation-rules/service-window.ts';
import type { ContextBlockRows } from '../../../domain/ai-reply/load-context.ts';
import { factPresenceSql } from '../../../domain/facts/fact-presence.ts';
import { ONE_BALLOON_SQL } from '../../../domain/outbound/reply-parts.ts';
import type { ContextMessage } from '../reply-rules.ts';
import type { SqlJson, SqlTimestamp } from '../sql-rows.ts';

// The reply scheduler's claim (claim-due-replies.ts): due bursts claimed and what answering each needs
// read, in one prepared statement ('engine_claim_due_replies').

/** An answer of the agent's list, as stored (jsonb). */
export type { AnswerItem };

/** A row of the claim statement (json columns parsed, or as text, whichever the driver gives). */
export interface ClaimRow {
  id: string;
  version: number | string;
  claim_token: string;
  user_id: string;
  conv_id: string;
  type: string;
  agente_ativo: boolean;
  opted_out: boolean;
  contact_jid: string;
  instance_name: string | null;
  one_balloon: boolean | null;
  agent_id: string | null;
  agent_active: boolean | null;
  system_prompt: string | null;
  respostas: SqlJson<AnswerItem[]> | null;
  max_answers_per_contact_day: number | string | null;
  contact_answers_today: number | string;
  max_ai_messages: number | string;
  is_free: boolean;
  ai_messages: number | string;
  contact_phone: string | null;
  owner_phone: string | null;
  owner_country_code: string | null;
  free_text_allowed: boolean;
  meta_agent_holds: boolean | null;
  bills_overage: boolean;
  time_zone: string | null;
  contact_name: string | null;
  week: SqlJson<ContextBlockRows['week']> | null;
  closed_days: SqlJson<string[]> | null;
  hours_note: string | null;
  address: string | null;
  payment_methods: string | null;
  delivery_areas: string | null;
  has_catalogue: boolean;
  has_faqs: boolean;
  has_passages: boolean;
  has_agenda: boolean;
  /** 'booked' (a booked or confirmed one ahead), 'held' (one waiting for its sinal, its hold not over), null. */
  standing: 'booked' | 'held' | null;
  held_until: SqlTimestamp | null;
  pix_ready: boolean;
  source: SqlJson<{ kind: 'ad' | 'link'; headline: string | null }> | null;
  last_message_at: SqlTimestamp | null;
  recent: SqlJson<RecentMessageRow[]>;
  approval: boolean | null;
  approval_timeout_minutes: number | string | null;
  approval_timeout_action: 'send' | 'discard' | null;
}

/** One of the conversation's latest messages in the claim's `recent` column (json_agg). */
export interface RecentMessageRow {
  id: string;
  direction: ContextMessage['direction'];
  message_type: string;
  content: string | null;
  media_filename: string | null;
  media_duration: number | null;
  status: string;
  created_at: SqlTimestamp;
}

/** The claim and the context read, for bursts of many conversations at once. */
export function runClaimStatement(database: PreparedTarget, limit: number, contextMessages: number, month: string) {
  return execPrepared<ClaimRow>(
    database,
    'engine_claim_due_replies',
    sql`
      with b as (
        update reply_bursts set state = 'generating', claim_token = gen_random_uuid(), claimed_at = now(), updated_at = now()
        where id in (
          select id from reply_bursts rb
          where state = 'waiting' and due_at <= now()
            -- Not while messages of this number that arrived before the burst was due are still waiting
            -- to be ingested (processing lags behind arrival): one of them may extend this burst
            -- (docs/decisions/005-conversation-engine.md). Bounded in time, so an event that never ingests cannot hold replies.
            and not exists (
              select 1 from gateway_events g
              where g.processed_at is null and g.event = 'messages.upsert'
                and g.received_at <= rb.due_at and g.received_at > now() - interval '2 minutes'
                and g.number_id = (select cv.number_id from conversations cv where cv.id = rb.conv_id))
          order by due_at
          limit ${limit}
          for update skip locked)
        returning id, version, claim_token, user_id, conv_id, last_message_at)
      select b.id, b.version, b.claim_token, b.user_id, b.conv_id, b.last_message_at, c.type, c.agente_ativo, c.opted_out, c.contact_jid, n.instance_name,
             ${ONE_BALLOON_SQL} as one_balloon,
             a.id as agent_id, a.active as agent_active, a.system_prompt, a.respostas, a.max_answers_per_contact_day,
             coalesce(c.approval_mode, a.approval_mode) as approval, a.approval_timeout_minutes, a.approval_timeout_action,
             (${contactAnswersTodaySql(sql`b.conv_id`, sql`coalesce(pr.time_zone, 'America/Sao_Paulo')`)}) as contact_answers_today,
             coalesce(p.max_ai_messages, f.max_ai_messages, 0) as max_ai_messages,
             (p.id is null or p.slug = 'freemium' or p.price_cents = 0) as is_free,
             coalesce(p.price_cents, 0) > 0 as bills_overage,
             pr.time_zone, c.contact_name, bh.week, bh.closed_days,
             bh.hours_note, bh.address, bh.payment_methods, bh.delivery_areas,
             ${factPresenceSql(sql`b.user_id`)},
             exists (select 1 from pix_accounts pa where pa.user_id = b.user_id) as pix_ready,
             exists (select 1 from agenda_services s where s.user_id = b.user_id and s.active) as has_agenda,
             sb.standing, sb.held_until,
             ${latestSourceSql(sql`b.conv_id`)} as source,
             coalesce(u.ai_messages, 0) as ai_messages,
             -- The owner's channel (decision 048) is told in code from these three (isOwnerChannelPhone).
             c.contact_phone, pr.phone as owner_phone, pr.country_code as owner_country_code,
             ${freeTextAllowedSql({
               provider: sql`n.provider`,
               customerLastAt: sql`c.customer_last_at`,
               windowClosedThrough: sql`c.window_closed_through`,
               now: sql`now()`,
             })} as free_text_allowed,
             ${metaAgentHoldsSql({ customerLastAt: sql`c.customer_last_at`, metaAgentThrough: sql`c.meta_agent_through` })} as meta_agent_holds,
             coalesce((
               select json_agg(r order by r.created_at desc, r.id desc)
               from (select m.id, m.direction, m.message_type, m.content, m.media_filename, m.media_duration, m.status, m.created_at
                     from messages m where m.conv_id = b.conv_id
                     order by m.created_at desc nulls last, m.id desc nulls last limit ${contextMessages}) r
             ), '[]'::json) as recent
      from b
      join conversations c on c.id = b.conv_id
      left join numbers n on n.id = c.number_id
      left join agentes a on a.id = n.agente
      left join profiles pr on pr.id = b.user_id
      left join plans p on p.id = pr.active_plan_id
      left join plans f on f.slug = 'freemium'
      left join business_hours bh on bh.user_id = b.user_id
      left join usage_monthly u on u.user_id = b.user_id and u.month = ${month}::date
      -- The conversation's upcoming booking for the booking guard (decisions 070, 074): a booked or
      -- confirmed one stands; a held one is reserved until paid, and once its hold is over it is nothing.
      left join lateral (
        select case when bool_or(ab.status in ('booked', 'confirmed')) then 'booked' else 'held' end as standing,
               min(ab.hold_expires_at) filter (where ab.status = 'held') as held_until
        from agenda_bookings ab
        where ab.conversation_id = b.conv_id and ab.starts_at > now()
          and (ab.status in ('booked', 'confirmed')
               or (ab.status = 'held' and (ab.hold_expires_at is null or ab.hold_expires_at > now())))
        having count(*) > 0) sb on true`,
  );
}
