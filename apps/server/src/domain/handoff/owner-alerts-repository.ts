import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';

/** The owner alerts' rows (owner-alerts.ts writes them, owner-alert-job.ts sends them). */

/** A transaction (deliverAlert's), or the database. */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What an alert about a conversation says of it. */
export interface ConversationFactsRow {
  contact_name: string | null;
  contact_phone: string | null;
  instance_name: string;
  number_phone: string;
  last_in: string | null;
}

/** The conversation's contact, business number and last customer message, when it is the account's. */
export async function findConversationFacts(
  db: Db,
  convId: string,
  accountId: string,
): Promise<ConversationFactsRow | undefined> {
  const [facts] = resultRows<ConversationFactsRow>(
    await db.execute(sql`
      select c.contact_name, c.contact_phone, n.instance_name, n.phone as number_phone,
             (select m.content from messages m where m.conv_id = c.id and m.direction = 'in'
              order by m.created_at desc limit 1) as last_in
      from conversations c join numbers n on n.id = c.number_id
      where c.id = ${convId} and c.user_id = ${accountId}`),
  );
  return facts;
}

/** The business number of the account's conversation. */
export async function findConversationNumber(
  db: Db,
  convId: string,
  accountId: string,
): Promise<{ instance_name: string; number_phone: string } | undefined> {
  const [number] = resultRows<{ instance_name: string; number_phone: string }>(
    await db.execute(sql`
      select n.instance_name, n.phone as number_phone from conversations c join numbers n on n.id = c.number_id
      where c.id = ${convId} and c.user_id = ${accountId}`),
  );
  return number;
}

export interface AlertRecipientRow {
  phone: string | null;
  country_code: string | null;
  on: boolean;
  cap: number;
  tz: string;
  channel: string;
  email: string;
}

/**
 * The recipient's alert settings, locking their profile row for the transaction (concurrent alerts
 * queue on it). `kindColumn`: the profile column of the kind's switch, or null for a kind always on.
 */
export async function lockAlertRecipient(
  tx: Tx,
  recipientId: string,
  kindColumn: string | null,
): Promise<AlertRecipientRow | undefined> {
  const kindOn = kindColumn === null ? sql`true` : sql.raw(`p.${kindColumn}`);
  const [owner] = resultRows<AlertRecipientRow>(
    await tx.execute(sql`
        select p.phone, p.country_code, ${kindOn} as on, p.alert_daily_cap as cap,
               p.time_zone as tz, p.alert_channel as channel, u.email
        from profiles p join "user" u on u.id = p.id where p.id = ${recipientId} for update of p`),
  );
  return owner;
}

/**
 * Alerts other than approvals: on the conversation within `window` (an interval), and the recipient's
 * since the start of today in `tz`.
 */
export async function countRecentAlerts(
  tx: Tx,
  req: { convId: string; recipientId: string; window: string; tz: string },
): Promise<{ recent: number; today: number }> {
  const [count] = resultRows<{ recent: number; today: number }>(
    await tx.execute(sql`
        select
          (select count(*)::int from owner_alerts where conv_id = ${req.convId} and kind <> 'approval'
             and created_at > now() - ${req.window}::interval) as recent,
          (select count(*)::int from owner_alerts where user_id = ${req.recipientId} and kind <> 'approval'
             and created_at >= (date_trunc('day', now() at time zone ${req.tz}) at time zone ${req.tz})) as today`),
  );
  return count!;
}

export interface NewAlertRow {
  /** Null for a new id. */
  id: string | null;
  userId: string;
  convId: string;
  kind: string;
  status: 'pending' | 'failed';
  text: string;
  toPhone: string | null;
  error: string | null;
}

/** Writes an alert row; returns its id. */
export async function insertAlert(tx: Tx, alert: NewAlertRow): Promise<string> {
  const [row] = resultRows<{ id: string }>(
    await tx.execute(sql`
        insert into owner_alerts (id, user_id, conv_id, kind, status, text, to_phone, error)
        values (coalesce(${alert.id}::uuid, gen_random_uuid()), ${alert.userId}, ${alert.convId}, ${alert.kind},
                ${alert.status}, ${alert.text}, ${alert.toPhone}, ${alert.error})
        returning id`),
  );
  return row!.id;
}

/** An alert as its sending job reads it, with its recipient's channel and the conversation's number. */
export interface PendingAlertRow {
  id: string;
  user_id: string;
  conv_id: string;
  kind: string;
  status: string;
  text: string;
  to_phone: string | null;
  error: string | null;
  channel: string;
  email: string;
  instance_name: string;
  contact_name: string | null;
  contact_phone: string | null;
}

export async function findAlertToSend(db: Db, alertId: string): Promise<PendingAlertRow | undefined> {
  const [a] = resultRows<PendingAlertRow>(
    await db.execute(sql`
      select a.id, a.user_id, a.conv_id, a.kind, a.status, a.text, a.to_phone, a.error, u.email,
             -- A member's alert (decision 044): their WhatsApp when the row has a number, else their e-mail.
             case when a.user_id = c.user_id then p.alert_channel when a.to_phone is null then 'email' else 'whatsapp' end
               as channel,
             n.instance_name, c.contact_name, c.contact_phone
      from owner_alerts a join conversations c on c.id = a.conv_id join numbers n on n.id = c.number_id
      join profiles p on p.id = a.user_id join "user" u on u.id = a.user_id
      where a.id = ${alertId}`),
  );
  return a;
}

/** Records a pending alert's outcome: sent (error null) or failed with the error. */
export async function recordAlertOutcome(
  db: Db,
  alertId: string,
  outcome: { error: string | null; externalId: string | null },
): Promise<void> {
  const { error, externalId } = outcome;
  await db.execute(sql`
    update owner_alerts set status = ${error ? 'failed' : 'sent'}, error = ${error}, external_id = ${externalId},
      sent_at = case when ${error === null} then now() else null end
    where id = ${alertId} and status = 'pending'`);
}

/** Pending alerts older than `seconds` (nobody queued them), oldest first, at most 100. */
export async function findUnqueuedAlerts(db: Db, seconds: number): Promise<string[]> {
  const pending = resultRows<{ id: string }>(
    await db.execute(sql`
      select id from owner_alerts
      where status = 'pending' and created_at < now() - make_interval(secs => ${seconds})
      order by created_at limit 100`),
  );
  return pending.map((p) => p.id);
}
