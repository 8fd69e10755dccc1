import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatJidOf } from '../phones/bsuid.ts';
import { markMetaAgentThrough, setMetaAgentMarkOfCustomer } from './meta-marks-repository.ts';

/**
 * Meta's own agent holds the thread (docs/decisions/054-cloud-window-and-templates.md, Standby): while another
 * sender (Meta Business Agent, or the primary app under Conversation Routing) owns a customer's conversation,
 * Meta delivers the customer's messages on the webhook's `standby` field
 * (https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/standby/).
 * They are stored and shown; VendAI does not answer them. `conversations.meta_agent_through` is the
 * conversation's `customer_last_at` of the last standby message: Meta's agent holds the thread while no customer
 * message is newer than it (a message on the `messages` field is newer: VendAI holds it again, no write on the
 * ingestion's hot path, as `window_closed_through`), or until a `messaging_handovers` control_passed clears it.
 */
export function metaAgentHolds(facts: {
  customerLastAt: Date | string | null;
  metaAgentThrough: Date | string | null;
}): boolean {
  if (!facts.metaAgentThrough) return false;
  return (
    !facts.customerLastAt || new Date(facts.customerLastAt).getTime() <= new Date(facts.metaAgentThrough).getTime()
  );
}

/** metaAgentHolds in SQL. */
export function metaAgentHoldsSql(c: { customerLastAt: SQL; metaAgentThrough: SQL }): SQL {
  return sql`(${c.metaAgentThrough} is not null and (${c.customerLastAt} is null or ${c.customerLastAt} <= ${c.metaAgentThrough}))`;
}

/** A standby message was stored: Meta's agent holds the thread through the customer's last message. */
export async function recordMetaAgentHolds(db: Db, convId: string): Promise<void> {
  await markMetaAgentThrough(db, convId);
}

/**
 * A `messaging_handovers` notification for one customer of a Cloud number: control passed to VendAI clears the
 * mark; control taken from VendAI sets it (the customer's next message on `messages` clears it by itself).
 */
export async function recordMetaHandover(
  db: Db,
  h: { numberId: string; waId: string; control: 'passed' | 'taken' },
): Promise<void> {
  await setMetaAgentMarkOfCustomer(db, {
    numberId: h.numberId,
    contactJid: chatJidOf(h.waId),
    waId: h.waId,
    holds: h.control !== 'passed',
  });
}
