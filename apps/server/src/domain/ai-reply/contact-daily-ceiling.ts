import { type SQL, sql } from 'drizzle-orm';
import { type AlertDeps, alertOwner } from '../handoff/owner-alerts.ts';
import { handOver } from '../handoff/hand-over.ts';
import { isAiAnswerSql, previousAuthorSql } from '../usage/ai-answers.ts';

/**
 * At most N AI answers a day to one contact (the agent's `max_answers_per_contact_day`, default 40;
 * docs/decisions/021-spend-and-abuse-limits.md). A customer, or a bot behind a customer's number,
 * cannot make the AI spend without end. The day is the account's (profiles.time_zone). An answer is
 * counted as the paid plans and Resultados count them (domain/usage/ai-answers.ts, the same SQL): an AI
 * message that went out and does not follow another AI message, failed messages left out.
 */

/** Shown in the inbox as the handoff reason, and in the owner's alert. */
export const contactCeilingReason = (max: number) =>
  `A IA já respondeu ${max} vezes hoje a este contato (limite diário por contato). A conversa passou para o modo Manual.`;

/** The start of the account's next day, when the ceiling starts again; null when the agent's AI never comes back by itself. */
const nextDayOf = (convId: string) => sql`(
  select case when a.resume_after_minutes is null then null::timestamptz
              else (date_trunc('day', now() at time zone p.time_zone) + interval '1 day') at time zone p.time_zone end
  from conversations rc join numbers rn on rn.id = rc.number_id join agentes a on a.id = rn.agente
  join profiles p on p.id = rc.user_id
  where rc.id = ${convId})`;

/**
 * The AI answers a conversation got today (the account's day), as an SQL expression over the
 * conversation's id and the account's time zone: read in the reply claim's statement
 * (modules/conversation-engine/replies/reply-repository.ts), so the ceiling costs no round trip.
 * Indexes: messages_conv_created_idx (today's messages of one conversation), reply_drafts_conv_created_idx
 * (today's drafts of one conversation), follow_ups_conv_idx (the conversation's touches).
 */
export const contactAnswersTodaySql = (convId: SQL, timeZone: SQL) => sql`
  select count(*)::int + (
    -- Approval drafts count when written (docs/decisions/046-one-door-out.md, "Drafts and the limits"):
    -- one not sent (pending, discarded, superseded, failed) is counted here; a sent one is its message above.
    select count(*)::int from reply_drafts d
    where d.conv_id = ${convId} and d.state <> 'sent'
      and d.created_at >= (date_trunc('day', now() at time zone ${timeZone}) at time zone ${timeZone})) + (
    -- A touch is AI-written text and counts too (decision 046, "Spend for touches"); its message always
    -- follows an AI message, so the answers below never count it.
    select count(*)::int from follow_ups t
    where t.conv_id = ${convId} and t.kind = 'touch' and t.state in ('sent', 'sending') and t.message_id is not null
      and t.sent_at >= (date_trunc('day', now() at time zone ${timeZone}) at time zone ${timeZone}))
  from (
    select m.author, m.status, ${previousAuthorSql} as previous_author
    from messages m
    where m.conv_id = ${convId} and m.status <> 'failed'
      and m.created_at >= (date_trunc('day', now() at time zone ${timeZone}) at time zone ${timeZone})) x
  where ${isAiAnswerSql(sql`x.author`, sql`x.status`, sql`x.previous_author`)}`;

/**
 * Before the AI answers: when the contact already got the day's answers, the conversation goes Manual
 * with the reason (the AI back at the account's next midnight, unless the agent's AI never comes back
 * by itself) and the owner gets one alert (owner-alerts.ts). True when the AI must not answer.
 */
export async function stopAtContactCeiling(
  deps: AlertDeps,
  req: { userId: string; convId: string; ceiling: { max: number; today: number } },
): Promise<boolean> {
  if (req.ceiling.today < req.ceiling.max) return false;
  const reason = contactCeilingReason(req.ceiling.max);
  if (await handOver(deps.db, req.convId, reason, nextDayOf(req.convId)))
    await alertOwner(deps, { accountId: req.userId, convId: req.convId, kind: 'needs_owner', why: reason }).catch(
      (err) => deps.log.warn({ err, convId: req.convId }, 'engine: the owner alert failed'),
    );
  return true;
}
