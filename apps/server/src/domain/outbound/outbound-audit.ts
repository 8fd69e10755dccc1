import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';
import type { OutboundOutcome } from '../../db/schema/outbound.ts';
import type { OutboundOrigin } from './outbound-origin.ts';
import type { OutboundRule } from './outbound-rules.ts';

/** What the audit record says of one message (docs/decisions/046-one-door-out.md, "The audit record"). */
export interface OutboundAuditEntry {
  origin: OutboundOrigin;
  outcome: OutboundOutcome;
  /** The rule that changed it (sent) or stopped, held or deferred it. */
  rule?: OutboundRule | null;
  /** The stored message: its account and conversation are read from it. */
  messageId?: string | null;
  userId?: string | null;
  convId?: string | null;
  detail?: string | null;
}

/**
 * Writes one audit record. Never fatal: a message is not held back (nor sent twice) because its record
 * could not be written; the failure is logged. The account and conversation come from the message row
 * when there is one, in the same statement.
 */
export async function recordOutbound(deps: { db: Db; log: FastifyBaseLogger }, e: OutboundAuditEntry): Promise<void> {
  await deps.db
    .execute(
      sql`
      insert into outbound_audit (user_id, conv_id, message_id, origin, rule, outcome, detail)
      select coalesce(m.user_id, ${e.userId ?? null}), coalesce(m.conv_id, ${e.convId ?? null}::uuid),
             ${e.messageId ?? null}::uuid, ${e.origin}, ${e.rule ?? null}, ${e.outcome}, ${e.detail ?? null}
      from (select 1) one left join messages m on m.id = ${e.messageId ?? null}::uuid`,
    )
    .catch((err: unknown) => deps.log.warn({ err, origin: e.origin }, 'outbound: the audit record was not written'));
}

/** The origin of each of these messages that has an audit record (the messages page's labels). */
export async function originsOf(db: Db, messageIds: string[]): Promise<Map<string, OutboundOrigin>> {
  if (messageIds.length === 0) return new Map();
  const rows = resultRows<{ message_id: string; origin: OutboundOrigin }>(
    await db.execute(sql`
      select distinct on (message_id) message_id, origin from outbound_audit
      where message_id in (${sql.join(
        messageIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      order by message_id, created_at`),
  );
  return new Map(rows.map((r) => [r.message_id, r.origin]));
}
