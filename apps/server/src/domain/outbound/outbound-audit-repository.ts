import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';
import type { OutboundOutcome } from '../../db/schema/outbound.ts';
import type { OutboundOrigin } from './outbound-origin.ts';

/** The door out's audit records (outbound-audit.ts): written in batches, read for the messages page. */

export type { OutboundOutcome };

/** One audit record as written; the account and conversation come from the message row when there is one. */
export interface AuditRecordRow {
  origin: OutboundOrigin;
  outcome: OutboundOutcome;
  rule?: string | null;
  messageId?: string | null;
  userId?: string | null;
  convId?: string | null;
  detail?: string | null;
  at: Date;
}

/** Writes the records in one statement. */
export async function insertAuditRecords(db: Db, entries: AuditRecordRow[]): Promise<void> {
  const rows = entries.map(
    (e) =>
      sql`(${e.userId ?? null}::text, ${e.convId ?? null}::uuid, ${e.messageId ?? null}::uuid, ${e.origin}::text,
           ${e.rule ?? null}::text, ${e.outcome}::text, ${e.detail ?? null}::text, ${e.at.toISOString()}::timestamptz)`,
  );
  await db.execute(sql`
    insert into outbound_audit (user_id, conv_id, message_id, origin, rule, outcome, detail, created_at)
    select coalesce(m.user_id, v.user_id), coalesce(m.conv_id, v.conv_id), v.message_id, v.origin, v.rule,
           v.outcome, v.detail, v.at
    from (values ${sql.join(rows, sql`, `)}) v(user_id, conv_id, message_id, origin, rule, outcome, detail, at)
    left join messages m on m.id = v.message_id`);
}

/** Each message's first audit record's origin (messages without a record are left out). */
export async function findOrigins(
  db: Db,
  messageIds: string[],
): Promise<{ message_id: string; origin: OutboundOrigin }[]> {
  return resultRows<{ message_id: string; origin: OutboundOrigin }>(
    await db.execute(sql`
      select distinct on (message_id) message_id, origin from outbound_audit
      where message_id in (${sql.join(
        messageIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      order by message_id, created_at`),
  );
}
