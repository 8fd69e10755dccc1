import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';
import { messages } from '../../db/schema/index.ts';
import { DEFAULT_REMINDER_HOURS, REMINDED_STATUSES } from '../../domain/booking-reminders/due-reminder.ts';

/** The reminders' SQL (docs/decisions/068-only-repositories-speak-sql.md, decision 073). */

export interface ReminderSettingsRow {
  hours: number[];
  templateName: string | null;
  templateLanguage: string | null;
}

export async function selectReminderSettings(db: Db, accountId: string): Promise<ReminderSettingsRow> {
  const [row] = resultRows<{
    hours: number[] | string;
    template_name: string | null;
    template_language: string | null;
  }>(
    await db.execute(sql`
      select hours, template_name, template_language from booking_reminder_settings where user_id = ${accountId}`),
  );
  if (!row) return { hours: [...DEFAULT_REMINDER_HOURS], templateName: null, templateLanguage: null };
  const hours = typeof row.hours === 'string' ? (JSON.parse(row.hours) as number[]) : row.hours;
  return { hours, templateName: row.template_name, templateLanguage: row.template_language };
}

export async function upsertReminderSettings(db: Db, accountId: string, s: ReminderSettingsRow): Promise<void> {
  const hours = JSON.stringify(s.hours);
  await db.execute(sql`
    insert into booking_reminder_settings (user_id, hours, template_name, template_language, updated_at)
    values (${accountId}, ${hours}::jsonb, ${s.templateName}, ${s.templateLanguage}, now())
    on conflict (user_id) do update set hours = excluded.hours, template_name = excluded.template_name,
      template_language = excluded.template_language, updated_at = now()`);
}

/** A booking whose nearest passed reminder moment has no reminder row yet. */
export interface DueBookingRow {
  id: string;
  user_id: string;
  conversation_id: string;
  starts_at: Date | string;
  due_hours: number;
}

const STATUSES = sql.raw(REMINDED_STATUSES.map((s) => `'${s}'`).join(', '));
const DEFAULT_HOURS = JSON.stringify(DEFAULT_REMINDER_HOURS);

/**
 * The bookings with a reminder due at `now` (domain/booking-reminders/due-reminder.ts `dueReminder`, the
 * same rule: the smallest offset whose moment has passed, before the start) that was never written.
 */
export async function selectDueBookings(db: Db, now: Date, limit: number): Promise<DueBookingRow[]> {
  const at = now.toISOString();
  return resultRows<DueBookingRow>(
    await db.execute(sql`
      select b.id, b.user_id, b.conversation_id, b.starts_at, d.due_hours
      from agenda_bookings b
      left join booking_reminder_settings s on s.user_id = b.user_id
      cross join lateral (
        select min(h::int) as due_hours
        from jsonb_array_elements_text(coalesce(s.hours, ${DEFAULT_HOURS}::jsonb)) as h
        where b.starts_at - make_interval(hours => h::int) <= ${at}::timestamptz) d
      where b.status in (${STATUSES}) and b.conversation_id is not null
        and b.starts_at > ${at}::timestamptz and b.starts_at <= ${at}::timestamptz + interval '169 hours'
        and d.due_hours is not null
        and not exists (select 1 from booking_reminders r where r.booking_id = b.id
                        and r.offset_hours = d.due_hours and r.starts_at = b.starts_at)
      order by b.starts_at
      limit ${limit}`),
  );
}

export interface ReminderRow {
  id: string;
  user_id: string;
  booking_id: string;
  conversation_id: string | null;
  offset_hours: number;
  starts_at: Date | string;
  state: string;
  message_id: string | null;
}

/** The claim: one row per (booking, offset, start), written by one process only (the unique constraint). */
export async function claimReminder(db: Db, b: DueBookingRow, token: string): Promise<ReminderRow | null> {
  const [row] = resultRows<ReminderRow>(
    await db.execute(sql`
      insert into booking_reminders (user_id, booking_id, conversation_id, offset_hours, starts_at, state, claim_token, claimed_at)
      values (${b.user_id}, ${b.id}, ${b.conversation_id}, ${b.due_hours}, ${new Date(b.starts_at).toISOString()}::timestamptz,
              'sending', ${token}, now())
      on conflict on constraint booking_reminders_once do nothing
      returning id, user_id, booking_id, conversation_id, offset_hours, starts_at, state, message_id`),
  );
  return row ?? null;
}

/** What the reminder needs to be decided and written: the booking as it is now, its conversation and number. */
export interface ReminderContext {
  status: string;
  starts_at: Date | string;
  customer_name: string;
  service_name: string;
  professional_name: string;
  time_zone: string;
  type: string;
  contact_jid: string;
  opted_out: boolean;
  never_answer: boolean;
  agente_ativo: boolean;
  handoff_reason: string | null;
  number_id: string;
  instance_name: string;
  provider: string | null;
  last_in_at: Date | string | null;
  window_closed_through: Date | string | null;
  cloud_phone_number_id: string | null;
  cloud_waba_id: string | null;
  cloud_token_sealed: string | null;
}

export async function loadReminderContext(db: Db, bookingId: string): Promise<ReminderContext | null> {
  const [row] = resultRows<ReminderContext>(
    await db.execute(sql`
      select b.status, b.starts_at, b.customer_name, sv.name as service_name, pr.name as professional_name,
             coalesce(p.time_zone, 'America/Sao_Paulo') as time_zone,
             c.type, c.contact_jid, c.opted_out, c.never_answer, c.agente_ativo, c.handoff_reason,
             n.id as number_id, n.instance_name, n.provider, c.window_closed_through,
             n.cloud_phone_number_id, n.cloud_waba_id, n.cloud_token_sealed,
             (select max(m.created_at) from messages m where m.conv_id = c.id and m.direction = 'in') as last_in_at
      from agenda_bookings b
      join agenda_services sv on sv.id = b.service_id
      join agenda_professionals pr on pr.id = b.professional_id
      join conversations c on c.id = b.conversation_id
      join numbers n on n.id = c.number_id
      left join profiles p on p.id = b.user_id
      where b.id = ${bookingId}`),
  );
  return row ?? null;
}

/** The reminder's message, stored pending and pointed at by the claim, in one transaction. */
export async function storeReminderMessage(
  db: Db,
  r: ReminderRow,
  token: string,
  text: string,
  now: Date,
): Promise<typeof messages.$inferSelect | null> {
  return db.transaction(async (tx) => {
    const [message] = await tx
      .insert(messages)
      .values({
        userId: r.user_id,
        convId: r.conversation_id!,
        direction: 'out',
        content: text,
        fromMe: true,
        author: 'ai',
        messageType: 'text',
        status: 'pending',
        createdAt: now,
      })
      .returning();
    const marked = resultRows(
      await tx.execute(sql`
        update booking_reminders set message_id = ${message!.id}
        where id = ${r.id} and claim_token = ${token} and state = 'sending' returning id`),
    );
    if (marked.length === 0) throw new Error('reminder claim lost');
    await tx.execute(sql`
      update conversations set last_message = greatest(last_message, ${message!.createdAt.toISOString()}::timestamptz),
        last_message_preview = ${text.slice(0, 100)}
      where id = ${r.conversation_id}`);
    return message!;
  });
}

type MessageRecord = typeof messages.$inferSelect;
type SendOutcomeRow = { externalId: string | null } | { error: string };

/** The message sent (its gateway id; an echo stored meanwhile under that id is dropped) or failed. */
async function settleMessage(tx: Db, convId: string | null, messageId: string, outcome: SendOutcomeRow) {
  const sent = 'externalId' in outcome;
  if (sent && outcome.externalId)
    await tx.execute(sql`
      delete from messages where conv_id = ${convId} and external_id = ${outcome.externalId} and id <> ${messageId}`);
  const rows = resultRows<{ id: string }>(
    await tx.execute(
      sent
        ? sql`update messages set status = 'sent', external_id = coalesce(${outcome.externalId}, external_id)
              where id = ${messageId} and status in ('pending', 'failed') returning id`
        : sql`update messages set status = 'failed', error = ${outcome.error}
              where id = ${messageId} and status = 'pending' returning id`,
    ),
  );
  if (!rows.length) return null;
  const [message] = await tx
    .select()
    .from(messages)
    .where(sql`${messages.id} = ${messageId}`);
  return message ?? null;
}

/** An acknowledgement's outcome on its message. */
export function recordMessageOutcome(db: Db, convId: string, messageId: string, outcome: SendOutcomeRow) {
  return db.transaction((tx) => settleMessage(tx, convId, messageId, outcome));
}

/** The send's outcome on the message and the reminder (the claim's token must still hold). */
export async function recordReminderOutcome(
  db: Db,
  r: Pick<ReminderRow, 'id' | 'conversation_id'>,
  messageId: string | null,
  token: string,
  outcome: SendOutcomeRow,
): Promise<MessageRecord | null> {
  const sent = 'externalId' in outcome;
  return db.transaction(async (tx) => {
    const message = messageId ? await settleMessage(tx, r.conversation_id, messageId, outcome) : null;
    await tx.execute(sql`
      update booking_reminders set state = ${sent ? 'sent' : 'failed'}, reason = ${sent ? null : outcome.error},
        sent_at = ${sent ? sql`now()` : sql`null`}, claim_token = null
      where id = ${r.id} and claim_token = ${token}`);
    return message;
  });
}

/** A reminder not sent, with the owner's reason (shown on the booking). */
export async function skipReminder(db: Db, id: string, token: string, reason: string): Promise<void> {
  await db.execute(sql`
    update booking_reminders set state = 'skipped', reason = ${reason}, claim_token = null
    where id = ${id} and claim_token = ${token}`);
}

export type LapsedReminder = ReminderRow & {
  instance_name: string;
  contact_jid: string;
  content: string | null;
  msg_status: string | null;
  msg_created: Date | string | null;
  msg_external: string | null;
};

/** Reminders whose process died mid-send (their claim lapsed): taken over with a new token by one process. */
export async function takeOverLapsed(db: Db, token: string, leaseMs: number): Promise<LapsedReminder[]> {
  return resultRows<LapsedReminder>(
    await db.execute(sql`
      update booking_reminders r set claim_token = ${token}, claimed_at = now()
      from conversations c join numbers n on n.id = c.number_id
      where c.id = r.conversation_id and r.id in (
        select id from booking_reminders where state = 'sending'
          and claimed_at < now() - make_interval(secs => ${leaseMs / 1000})
        limit 50 for update skip locked)
      returning r.id, r.user_id, r.booking_id, r.conversation_id, r.offset_hours, r.starts_at, r.state, r.message_id,
        n.instance_name, c.contact_jid,
        (select content from messages where id = r.message_id) as content,
        (select status from messages where id = r.message_id) as msg_status,
        (select created_at from messages where id = r.message_id) as msg_created,
        (select external_id from messages where id = r.message_id) as msg_external`),
  );
}

/** A lapsed claim that never stored its message: removed, so the next pass decides it again. */
export async function releaseUnstored(db: Db, id: string, token: string): Promise<void> {
  await db.execute(
    sql`delete from booking_reminders where id = ${id} and claim_token = ${token} and message_id is null`,
  );
}

/** The reminders of the bookings in a period, for the agenda's booking details. */
export async function selectRemindersOf(
  db: Db,
  accountId: string,
  from: Date,
  to: Date,
): Promise<
  {
    booking_id: string;
    offset_hours: number;
    state: string;
    reason: string | null;
    sent_at: Date | string | null;
    answer: string | null;
    answered_at: Date | string | null;
    starts_at: Date | string;
  }[]
> {
  return resultRows(
    await db.execute(sql`
      select r.booking_id, r.offset_hours, r.state, r.reason, r.sent_at, r.answer, r.answered_at, r.starts_at
      from booking_reminders r join agenda_bookings b on b.id = r.booking_id
      where r.user_id = ${accountId} and b.starts_at >= ${from.toISOString()}::timestamptz
        and b.starts_at < ${to.toISOString()}::timestamptz
      order by r.created_at`),
  );
}
