import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';
import { messages } from '../../db/schema/index.ts';
import { REMINDED_STATUSES, type ReminderAnswer } from '../../domain/booking-reminders/due-reminder.ts';

/** The customer's answers to reminders: their SQL (docs/decisions/073-booking-reminders.md). */

const STATUSES = sql.raw(REMINDED_STATUSES.map((s) => `'${s}'`).join(', '));

export interface PendingReminder {
  id: string;
  booking_id: string;
  user_id: string;
  starts_at: Date | string;
  service_name: string;
  time_zone: string;
}

/** The conversation's reminder the customer may still answer: sent, unanswered, its booking active and ahead. */
export async function selectPendingReminder(db: Db, convId: string, now: Date): Promise<PendingReminder | null> {
  const [row] = resultRows<PendingReminder>(
    await db.execute(sql`
      select r.id, r.booking_id, r.user_id, b.starts_at, sv.name as service_name,
             coalesce(p.time_zone, 'America/Sao_Paulo') as time_zone
      from booking_reminders r
      join agenda_bookings b on b.id = r.booking_id
      join agenda_services sv on sv.id = b.service_id
      left join profiles p on p.id = b.user_id
      where r.conversation_id = ${convId} and r.state = 'sent' and r.answer is null
        and b.starts_at = r.starts_at and b.status in (${STATUSES}) and b.starts_at > ${now.toISOString()}::timestamptz
      order by r.sent_at desc limit 1`),
  );
  return row ?? null;
}

/** The customer's answer, recorded once on the reminder (false: someone recorded one first). */
export async function recordAnswer(db: Db, reminderId: string, answer: ReminderAnswer): Promise<boolean> {
  const rows = resultRows(
    await db.execute(sql`
      update booking_reminders set answer = ${answer}, answered_at = now()
      where id = ${reminderId} and answer is null returning id`),
  );
  return rows.length > 0;
}

/**
 * The answer to a reminder was all the customer wrote (its burst holds only that message and is still
 * waiting): the AI does not answer it too (the acknowledgement is the answer). Anything more stays the AI's.
 */
export async function dropLoneAnswerBurst(db: Db, convId: string): Promise<boolean> {
  const rows = resultRows(
    await db.execute(sql`
      update reply_bursts set state = 'cancelled', reason = 'reminder-answer', claim_token = null, updated_at = now()
      where conv_id = ${convId} and state = 'waiting' and version = 1 returning id`),
  );
  return rows.length > 0;
}

/** The acknowledgement's message, stored pending before the AI's answer is written (it reads it). */
export async function storeAcknowledgement(
  db: Db,
  accountId: string,
  convId: string,
  text: string,
): Promise<typeof messages.$inferSelect> {
  const [message] = await db
    .insert(messages)
    .values({
      userId: accountId,
      convId,
      direction: 'out',
      content: text,
      fromMe: true,
      author: 'ai',
      messageType: 'text',
      status: 'pending',
    })
    .returning();
  return message!;
}

/** A stored pending message and where it goes. */
export async function selectPendingOutgoing(
  db: Db,
  messageId: string,
): Promise<{ conv_id: string; content: string; instance_name: string; contact_jid: string } | null> {
  const [row] = resultRows<{ conv_id: string; content: string; instance_name: string; contact_jid: string }>(
    await db.execute(sql`
      select m.conv_id, m.content, n.instance_name, c.contact_jid from messages m
      join conversations c on c.id = m.conv_id join numbers n on n.id = c.number_id
      where m.id = ${messageId} and m.status = 'pending'`),
  );
  return row ?? null;
}
