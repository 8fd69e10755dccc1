import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** The Cloud meter's rows (cloud-meter.ts): one per Meta message id. */

/** Which Cloud number sent it: by instance name (the door out) or Meta's phone number id (templates). */
export type MeteredNumber = { instanceName: string } | { phoneNumberId: string };

/**
 * Counts a send VendAI priced, once per message id. `billable`: the rule's answer, or `freeEntryJid` to
 * read it in the same statement — billable unless the recipient's conversation on that number is inside
 * Meta's free entry point window at `at`.
 */
export async function insertVendaiPricedSend(
  db: Db,
  m: {
    number: MeteredNumber;
    externalId: string;
    category: string;
    at: Date;
    billable: boolean | { freeEntryJid: string };
  },
): Promise<void> {
  const { at, category } = m;
  const where =
    'instanceName' in m.number
      ? sql`n.instance_name = ${m.number.instanceName}`
      : sql`n.cloud_phone_number_id = ${m.number.phoneNumberId}`;
  const billable =
    typeof m.billable === 'object'
      ? sql`not exists (select 1 from conversations c join conversation_sources s on s.conversation_id = c.id
              where c.number_id = n.id and c.contact_jid = ${m.billable.freeEntryJid} and s.free_entry_until > ${at.toISOString()}::timestamptz)`
      : sql`${m.billable}`;
  await db.execute(sql`
    insert into cloud_message_meter (user_id, number_id, external_id, category, billable, priced_by, sent_at)
    select n.user_id, n.id, ${m.externalId}, ${category}, ${billable}, 'vendai',
           ${at.toISOString()}::timestamptz
    from numbers n where ${where} and n.provider = 'cloud'
    on conflict (number_id, external_id) do nothing`);
}

/** Stores Meta's pricing of one of the number's messages; Meta's word replaces VendAI's, a repeat changes nothing. */
export async function upsertMetaPricing(
  db: Db,
  m: { numberId: string; externalId: string; category: string; billable: boolean; at: Date },
): Promise<void> {
  const { category, billable } = m;
  await db.execute(sql`
    insert into cloud_message_meter (user_id, number_id, external_id, category, billable, priced_by, sent_at)
    select n.user_id, n.id, ${m.externalId}, ${category}, ${billable}, 'meta', ${m.at.toISOString()}::timestamptz
    from numbers n where n.id = ${m.numberId}
    on conflict (number_id, external_id) do update set category = excluded.category, billable = excluded.billable,
      priced_by = 'meta'
    where cloud_message_meter.priced_by <> 'meta' or cloud_message_meter.category <> excluded.category
      or cloud_message_meter.billable <> excluded.billable`);
}
