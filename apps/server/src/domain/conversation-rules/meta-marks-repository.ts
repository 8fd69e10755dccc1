import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * Meta's marks on a conversation (meta-agent-holds.ts, meta-closed-window.ts): `meta_agent_through` while
 * Meta's own agent holds the thread, `window_closed_through` once Meta refused free text.
 */

/** Meta's agent holds the conversation through the customer's last message (now when there is none). */
export async function markMetaAgentThrough(db: Db, convId: string): Promise<void> {
  await db.execute(
    sql`update conversations set meta_agent_through = coalesce(customer_last_at, now()) where id = ${convId}`,
  );
}

/**
 * Sets (`holds`) or clears Meta's agent mark on one customer's conversations of a number: by the chat's JID
 * or Meta's user id.
 */
export async function setMetaAgentMarkOfCustomer(
  db: Db,
  c: { numberId: string; contactJid: string; waId: string; holds: boolean },
): Promise<void> {
  const through = c.holds ? sql`coalesce(customer_last_at, now())` : sql`null`;
  await db.execute(
    sql`update conversations set meta_agent_through = ${through}
        where number_id = ${c.numberId} and (contact_jid = ${c.contactJid} or contact_user_id = ${c.waId})`,
  );
}

/** Where Meta closed the window: the conversation, the stored message sent, or the Cloud number and chat JID. */
export type ClosedWindowTarget = { convId: string } | { messageId: string } | { instanceName: string; chatJid: string };

/** The conversation's window is closed through the customer's last message (now when there is none). */
export async function markWindowClosedThrough(db: Db, where: ClosedWindowTarget): Promise<void> {
  const target =
    'convId' in where
      ? sql`id = ${where.convId}`
      : 'messageId' in where
        ? sql`id = (select conv_id from messages where id = ${where.messageId})`
        : sql`contact_jid = ${where.chatJid}
              and number_id = (select id from numbers where instance_name = ${where.instanceName} and provider = 'cloud')`;
  await db.execute(
    sql`update conversations set window_closed_through = coalesce(customer_last_at, now()) where ${target}`,
  );
}
