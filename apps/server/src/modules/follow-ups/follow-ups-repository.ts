import type { AnswerItem } from '@vendai/contracts';
import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';
import { conversations, followUps, messages } from '../../db/schema/index.ts';
import { contactAnswersTodaySql } from '../../domain/ai-reply/contact-daily-ceiling.ts';
import { paidOrClosedSql } from '../../domain/outbound/paid-or-closed.ts';

// The follow-ups' rows as the chat ('Agendar mensagem', the next touch) and the sender
// (send-follow-up.ts) read and write them. The rules stay in conversation-follow-ups.ts and send-follow-up.ts.

export type FollowUpRecord = typeof followUps.$inferSelect;
export type MessageRecord = typeof messages.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const OPEN: ('scheduled' | 'sending')[] = ['scheduled', 'sending'];

/** The account's conversation (its number), or null. */
export async function selectOwnConversation(
  db: Db,
  accountId: string,
  convId: string,
): Promise<{ id: string; numberId: string } | null> {
  const [conv] = await db
    .select({ id: conversations.id, numberId: conversations.numberId })
    .from(conversations)
    .where(and(eq(conversations.id, convId), eq(conversations.userId, accountId)));
  return conv ?? null;
}

/** The conversation's open follow-ups (scheduled or sending), soonest first. */
export function selectOpenFollowUps(db: Db, accountId: string, convId: string): Promise<FollowUpRecord[]> {
  return db
    .select()
    .from(followUps)
    .where(and(eq(followUps.convId, convId), eq(followUps.userId, accountId), inArray(followUps.state, OPEN)))
    .orderBy(followUps.dueAt);
}

/** The conversation's latest `limit` finished follow-ups, last changed first. */
export function selectRecentFollowUps(
  db: Db,
  accountId: string,
  convId: string,
  limit: number,
): Promise<FollowUpRecord[]> {
  return db
    .select()
    .from(followUps)
    .where(and(eq(followUps.convId, convId), eq(followUps.userId, accountId), notInArray(followUps.state, OPEN)))
    .orderBy(desc(followUps.updatedAt))
    .limit(limit);
}

export async function insertScheduledMessage(
  db: Db,
  values: { accountId: string; convId: string; numberId: string; dueAt: Date; text: string; cancelOnReply: boolean },
): Promise<FollowUpRecord> {
  const { accountId, ...rest } = values;
  const [row] = await db
    .insert(followUps)
    .values({ userId: accountId, kind: 'scheduled', ...rest })
    .returning();
  return row!;
}

/** Cancels the account's follow-up if it is still scheduled; null when it is not (gone, sending or done). */
export async function cancelScheduledFollowUp(
  db: Db,
  accountId: string,
  id: string,
  reason: string,
): Promise<FollowUpRecord | null> {
  const [row] = await db
    .update(followUps)
    .set({ state: 'cancelled', reason, updatedAt: new Date() })
    .where(and(eq(followUps.id, id), eq(followUps.userId, accountId), eq(followUps.state, 'scheduled')))
    .returning();
  return row ?? null;
}

export async function followUpExists(db: Db, accountId: string, id: string): Promise<boolean> {
  const [existing] = await db
    .select({ id: followUps.id })
    .from(followUps)
    .where(and(eq(followUps.id, id), eq(followUps.userId, accountId)));
  return existing !== undefined;
}

interface LastMessageRow {
  id: string;
  direction: string;
  created_at: Date | string;
}

/** The conversation's last message (or none), with the conversation row held for the transaction. */
export async function lockLastMessage(tx: Tx, convId: string): Promise<LastMessageRow | undefined> {
  const [last] = resultRows<LastMessageRow>(
    await tx.execute(sql`
      select m.id, m.direction, m.created_at from conversations c
      left join lateral (select id, direction, created_at from messages where conv_id = c.id
                         order by created_at desc, id desc limit 1) m on true
      where c.id = ${convId} for update of c`),
  );
  return last;
}

/** The follow-up's message, stored as pending (author: the AI for a touch, the owner's app otherwise). */
export async function insertPendingMessage(
  tx: Tx,
  m: { accountId: string; convId: string; content: string; author: 'ai' | 'owner_app'; createdAt: Date },
): Promise<MessageRecord> {
  const [message] = await tx
    .insert(messages)
    .values({
      userId: m.accountId,
      convId: m.convId,
      direction: 'out',
      content: m.content,
      fromMe: true,
      author: m.author,
      messageType: 'text',
      status: 'pending',
      createdAt: m.createdAt,
    })
    .returning();
  return message!;
}

/** Points the follow-up (still claimed by `token`, sending) at its message; false when the claim was lost. */
export async function markFollowUpInFlight(
  tx: Tx,
  f: { id: string; token: string; messageId: string; text: string; sentAt: Date },
): Promise<boolean> {
  const marked = resultRows<{ id: string }>(
    await tx.execute(sql`
      update follow_ups set message_id = ${f.messageId}, text = ${f.text}, sent_at = ${f.sentAt.toISOString()}::timestamptz,
        updated_at = now()
      where id = ${f.id} and claim_token = ${f.token} and state = 'sending' returning id`),
  );
  return marked.length > 0;
}

/** The conversation's last-message time (never back in time) and preview. */
export async function touchConversationPreview(tx: Tx, convId: string, at: Date, preview: string): Promise<void> {
  await tx.execute(sql`
    update conversations set last_message = greatest(last_message, ${at.toISOString()}::timestamptz),
      last_message_preview = ${preview}
    where id = ${convId}`);
}

/** An echo stored meanwhile under the same gateway id, other than the message itself. */
export async function deleteEchoOf(tx: Tx, convId: string, externalId: string, messageId: string): Promise<void> {
  await tx.execute(sql`
    delete from messages where conv_id = ${convId} and external_id = ${externalId} and id <> ${messageId}`);
}

/** The message sent (with its gateway id when known) or failed, if it is still pending or failed. */
export async function settleMessage(
  tx: Tx,
  messageId: string,
  outcome: { externalId: string | null } | { error: string },
): Promise<MessageRecord | null> {
  const [row] = await tx
    .update(messages)
    .set(
      'externalId' in outcome
        ? { status: 'sent', ...(outcome.externalId ? { externalId: outcome.externalId } : {}) }
        : { status: 'failed', error: outcome.error },
    )
    .where(sql`${messages.id} = ${messageId} and ${messages.status} in ('pending', 'failed')`)
    .returning();
  return row ?? null;
}

/** The follow-up sent or failed (with its reason), releasing the claim `token`. */
export async function settleFollowUp(
  tx: Tx,
  f: { id: string; token: string; sent: boolean; reason: string | null },
): Promise<void> {
  await tx.execute(sql`
    update follow_ups set state = ${f.sent ? 'sent' : 'failed'}, reason = ${f.reason},
      claim_token = null, updated_at = now()
    where id = ${f.id} and claim_token = ${f.token}`);
}

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

/**
 * What a touch's spend is checked against (touch-spend.ts): whether the account's plan is free, its monthly
 * AI messages, the agent's answers per contact a day and the contact's answers today. Null when the
 * conversation is gone.
 */
export async function selectTouchSpendLimits(db: Db, convId: string) {
  const [row] = resultRows<{
    is_free: boolean;
    max_ai_messages: number | string;
    max_per_contact: number | string | null;
    contact_today: number | string;
  }>(
    await db.execute(sql`
      select (p.id is null or p.slug = 'freemium' or p.price_cents = 0) as is_free,
             coalesce(p.max_ai_messages, fp.max_ai_messages, 0) as max_ai_messages,
             a.max_answers_per_contact_day as max_per_contact,
             (${contactAnswersTodaySql(sql`c.id`, sql`coalesce(pr.time_zone, 'America/Sao_Paulo')`)}) as contact_today
      from conversations c
      left join numbers n on n.id = c.number_id
      left join agentes a on a.id = n.agente
      left join profiles pr on pr.id = c.user_id
      left join plans p on p.id = pr.active_plan_id
      left join plans fp on fp.slug = 'freemium'
      where c.id = ${convId}`),
  );
  return row ?? null;
}

/** The conversation's latest `limit` messages (not deleted), newest first: what the touch is written from. */
export async function selectTouchContext(db: Db, convId: string, limit: number) {
  return resultRows<{
    direction: 'in' | 'out';
    message_type: string;
    content: string | null;
    media_filename: string | null;
    media_duration: number | null;
    status: string;
  }>(
    await db.execute(sql`
      select direction, message_type, content, media_filename, media_duration, status from messages
      where conv_id = ${convId} and deleted_at is null
      order by created_at desc, id desc limit ${limit}`),
  );
}

/** The text of the conversation's last touch sent, or null. */
export async function selectPreviousTouchText(db: Db, convId: string): Promise<string | null> {
  const [prev] = resultRows<{ text: string | null }>(
    await db.execute(sql`
      select text from follow_ups where conv_id = ${convId} and kind = 'touch' and state = 'sent'
      order by sent_at desc limit 1`),
  );
  return prev?.text ?? null;
}

/** The customer opted out: the account's scheduled follow-ups of the conversation are cancelled; their kinds. */
export async function cancelScheduledOf(
  db: Db,
  accountId: string,
  convId: string,
  reason: string,
): Promise<{ kind: 'touch' | 'scheduled' }[]> {
  return resultRows<{ kind: 'touch' | 'scheduled' }>(
    await db.execute(sql`
      update follow_ups set state = 'cancelled', reason = ${reason}, updated_at = now()
      where conv_id = ${convId} and user_id = ${accountId} and state = 'scheduled'
      returning kind`),
  );
}
