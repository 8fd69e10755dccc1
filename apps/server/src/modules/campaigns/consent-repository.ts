import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';
import type { CONSENT_METHODS } from '../../db/schema/index.ts';

type Method = (typeof CONSENT_METHODS)[number];

export interface ConsentRow {
  method: Method;
  given_at: Date | string;
  recorded_by_name: string | null;
  ended_at: Date | string | null;
  ended_reason: 'opt_out' | 'owner' | null;
}

/** The conversation's contact (this account's; null otherwise): its address and whether it is a group. */
export async function findConsentContact(db: Db, accountId: string, convId: string) {
  const [row] = resultRows<{ contact_jid: string; contact_name: string | null; type: string; opted_out: boolean }>(
    await db.execute(sql`
      select contact_jid, contact_name, type, opted_out from conversations where id = ${convId} and user_id = ${accountId}`),
  );
  return row ?? null;
}

/** The contact's consent record (by its address, whichever conversation recorded it). */
export async function selectConsent(db: Db, accountId: string, address: string): Promise<ConsentRow | null> {
  const [row] = resultRows<ConsentRow>(
    await db.execute(sql`
      select mc.method, mc.given_at, u.name as recorded_by_name, mc.ended_at, mc.ended_reason
      from marketing_consents mc left join "user" u on u.id = mc.recorded_by
      where mc.user_id = ${accountId} and mc.contact_address = ${address}`),
  );
  return row ?? null;
}

/** Records (or records again after it ended) the contact's consent. */
export async function upsertConsent(
  db: Db,
  c: {
    userId: string;
    convId: string | null;
    address: string;
    name: string | null;
    method: Method;
    givenAt: Date;
    recordedBy: string;
    note?: string | null;
  },
): Promise<void> {
  await db.execute(sql`
    insert into marketing_consents (user_id, conv_id, contact_address, contact_name, method, given_at, recorded_by, note)
    values (${c.userId}, ${c.convId}, ${c.address}, ${c.name}, ${c.method}, ${c.givenAt.toISOString()}::timestamptz,
            ${c.recordedBy}, ${c.note ?? null})
    on conflict (user_id, contact_address) do update set
      conv_id = coalesce(excluded.conv_id, marketing_consents.conv_id),
      contact_name = coalesce(excluded.contact_name, marketing_consents.contact_name),
      method = excluded.method, given_at = excluded.given_at, recorded_by = excluded.recorded_by,
      note = excluded.note, ended_at = null, ended_reason = null, updated_at = now()`);
}

/** Ends the contact's consent (the owner withdrew it, or the customer opted out); true when one was active. */
export async function endConsent(
  db: Db,
  accountId: string,
  address: string,
  reason: 'opt_out' | 'owner',
): Promise<boolean> {
  const rows = resultRows(
    await db.execute(sql`
      update marketing_consents set ended_at = now(), ended_reason = ${reason}, updated_at = now()
      where user_id = ${accountId} and contact_address = ${address} and ended_at is null returning id`),
  );
  return rows.length > 0;
}

/**
 * An opt-out ends the consent everywhere (docs/decisions/072-campaigns.md): the contact's consent record
 * by its address, and every campaign message still waiting for it is skipped.
 */
export async function endConsentOnOptOut(db: Db, accountId: string, convId: string): Promise<void> {
  await db.execute(sql`
    with conv as (select contact_jid from conversations where id = ${convId} and user_id = ${accountId})
    update marketing_consents set ended_at = now(), ended_reason = 'opt_out', updated_at = now()
    where user_id = ${accountId} and ended_at is null
      and (conv_id = ${convId} or contact_address in (select contact_jid from conv))`);
  await db.execute(sql`
    update campaign_recipients set state = 'skipped', reason = 'O cliente pediu para não receber mensagens.'
    where user_id = ${accountId} and conv_id = ${convId} and state = 'pending'`);
}

/** The existing conversations of these addresses (an import links its consent to them). */
export async function conversationsByAddress(db: Db, accountId: string, addresses: string[]) {
  if (addresses.length === 0) return new Map<string, string>();
  const rows = resultRows<{ id: string; contact_jid: string }>(
    await db.execute(sql`
      select distinct on (contact_jid) id, contact_jid from conversations
      where user_id = ${accountId} and contact_jid in (${sql.join(
        addresses.map((a) => sql`${a}`),
        sql`, `,
      )})
      order by contact_jid, last_message desc`),
  );
  return new Map(rows.map((r) => [r.contact_jid, r.id]));
}
