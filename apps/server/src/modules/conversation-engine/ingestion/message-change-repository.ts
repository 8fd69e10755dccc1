import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { resultRows } from '../../../db/rows.ts';
import { messages } from '../../../db/schema/index.ts';
import type { MessageChange } from '../../../integrations/gateway/map-gateway-message.ts';
import type { MessageRecord } from '../engine-repository.ts';
import type { MessageSqlRow } from '../sql-rows.ts';

// What changes a stored message: a delivery receipt (apply-delivery-status.ts), and a reaction, a deletion
// for everyone or an edit (apply-message-change.ts).

/** A receipt for our outgoing message `id` in the conversation. */
export interface DeliveryReceipt {
  convId: string;
  id: string;
  status: MessageRecord['status'];
  /** The statuses below the receipt's (never 'received'): those it moves on. */
  ranksBelow: MessageRecord['status'][];
  /** A receipt at or past SERVER_ACK confirms the send. */
  confirms: boolean;
  /** The failure's text, when the receipt is 'failed'. */
  failureText: string | null;
}

/**
 * The message's status moved forward (never back), `acked_at` set once by a confirming receipt (which also
 * moves on a message the unconfirmed-sends sweep failed with `notConfirmed`, and clears that error). The row
 * changed, if one did.
 */
export function applyReceipt(
  db: Db,
  { convId, id, status, ranksBelow, confirms, failureText }: DeliveryReceipt,
  SEND_NOT_CONFIRMED: string,
): Promise<MessageRecord[]> {
  const movesOn = or(
    ranksBelow.length > 0 ? inArray(messages.status, ranksBelow) : undefined,
    confirms ? and(eq(messages.status, 'failed'), eq(messages.error, SEND_NOT_CONFIRMED)) : undefined,
  );
  return db
    .update(messages)
    .set({
      status: movesOn ? sql`case when ${movesOn} then ${status} else ${messages.status} end` : messages.status,
      ...(status === 'failed'
        ? { error: failureText }
        : { error: sql`case when ${messages.error} = ${SEND_NOT_CONFIRMED} then null else ${messages.error} end` }),
      ...(confirms ? { ackedAt: sql`coalesce(${messages.ackedAt}, now())` } : {}),
    })
    .where(
      and(
        eq(messages.convId, convId),
        eq(messages.externalId, id),
        eq(messages.direction, 'out'),
        or(movesOn, confirms ? isNull(messages.ackedAt) : undefined),
      ),
    )
    .returning();
}

/**
 * The change applied to the message it refers to (by its sender, when `author` says which side), and the
 * conversation's preview when that message is its latest: the message, and whether the preview changed.
 */
export async function applyChangeRows(
  db: Db,
  conv: { id: string },
  change: Exclude<MessageChange, { kind: 'other' }>,
  msg: { fromMe: boolean },
  preview: string | null,
  author: boolean | null,
): Promise<(MessageSqlRow & { preview_changed: number })[]> {
  const set =
    change.kind === 'reaction'
      ? msg.fromMe
        ? sql`owner_reaction = ${change.emoji}`
        : sql`contact_reaction = ${change.emoji}`
      : change.kind === 'revoke'
        ? sql`deleted_at = coalesce(deleted_at, now())`
        : sql`content = coalesce(${change.content}, content), edited_at = coalesce(edited_at, now())`;
  return resultRows<MessageSqlRow & { preview_changed: number }>(
    await db.execute(sql`
      with m as (
        update messages set ${set}
        where conv_id = ${conv.id} and external_id = ${change.targetId}
          and (${author}::boolean is null or from_me = ${author}::boolean)
        returning *),
      c as (
        update conversations x set last_message_preview = ${preview}
        from m where ${preview}::text is not null and x.id = m.conv_id and x.last_message = m.created_at
        returning x.id)
      select m.*, (select count(*) from c)::int as preview_changed from m`),
  );
}
