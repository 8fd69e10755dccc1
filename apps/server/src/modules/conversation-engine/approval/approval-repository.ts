import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { resultRows } from '../../../db/rows.ts';
import { DRAFT_COLUMNS, type DraftSqlRow } from './draft-dto.ts';

// The conversation's approval setting ('Aprovar respostas', conversation-approval.ts) and the owner's
// WhatsApp '1' / '2' (owner-replies.ts): which draft it answers.

/** The conversation's own approval setting and its agent's (null: not set), if it is this owner's. */
export async function selectApprovalModes(
  db: Db,
  accountId: string,
  convId: string,
): Promise<{ mode: boolean | null; agent_mode: boolean | null } | undefined> {
  const [conv] = resultRows<{ mode: boolean | null; agent_mode: boolean | null }>(
    await db.execute(sql`
      select c.approval_mode as mode, a.approval_mode as agent_mode
      from conversations c left join numbers n on n.id = c.number_id left join agentes a on a.id = n.agente
      where c.id = ${convId} and c.user_id = ${accountId}`),
  );
  return conv;
}

/** The conversation's pending draft (at most one). */
export async function selectPendingDraft(db: Db, convId: string): Promise<DraftSqlRow | undefined> {
  const [draft] = resultRows<DraftSqlRow>(
    await db.execute(sql`
      select ${sql.raw(DRAFT_COLUMNS)} from reply_drafts where conv_id = ${convId} and state = 'pending'`),
  );
  return draft;
}

/** Sets the conversation's approval setting; the ids updated (none: not this owner's). */
export async function updateApprovalMode(
  db: Db,
  accountId: string,
  convId: string,
  mode: boolean | null,
): Promise<{ id: string }[]> {
  return resultRows<{ id: string }>(
    await db.execute(sql`
      update conversations set approval_mode = ${mode} where id = ${convId} and user_id = ${accountId} returning id`),
  );
}

/** The owner's conversations with a draft pending, newest first (at most 500). */
export async function selectPendingDraftConvIds(db: Db, accountId: string): Promise<{ conv_id: string }[]> {
  return resultRows<{ conv_id: string }>(
    await db.execute(sql`
      select conv_id from reply_drafts where user_id = ${accountId} and state = 'pending' order by created_at desc limit 500`),
  );
}

/** The owner's own phone (country code and number), if the profile has one. */
export async function selectOwnerPhone(db: Db, accountId: string): Promise<{ phone: string } | undefined> {
  const [owner] = resultRows<{ phone: string }>(
    await db.execute(sql`
      select coalesce(p.country_code, '') || p.phone as phone from profiles p
      where p.id = ${accountId} and p.phone is not null`),
  );
  return owner;
}

/** A draft as the owner's '1' / '2' finds it: its state and its customer's name. */
export type RepliedDraftRow = Pick<DraftSqlRow, 'id' | 'state' | 'conv_id'> & { contact_name: string | null };

/** The drafts of the alert this WhatsApp message id is (two: a grouped alert). */
export async function selectDraftsOfAlert(
  db: Db,
  reply: { quotedId: string | null; accountId: string },
): Promise<RepliedDraftRow[]> {
  return resultRows<RepliedDraftRow>(
    await db.execute(sql`
        select d.id, d.state, d.conv_id, c.contact_name from reply_drafts d
        join owner_alerts a on a.id = d.alert_id join conversations c on c.id = d.conv_id
        where a.external_id = ${reply.quotedId} and d.user_id = ${reply.accountId} limit 2`),
  );
}

/** The owner's pending drafts an alert carried, newest first (two: more than one waits). */
export async function selectAlertedPendingDrafts(db: Db, reply: { accountId: string }): Promise<RepliedDraftRow[]> {
  return resultRows<RepliedDraftRow>(
    await db.execute(sql`
      select d.id, d.state, d.conv_id, c.contact_name from reply_drafts d join conversations c on c.id = d.conv_id
      where d.user_id = ${reply.accountId} and d.state = 'pending'
        and exists (select 1 from owner_alerts a where a.id = d.alert_id)
      order by d.created_at desc limit 2`),
  );
}

/** The newest alerted draft of this number's conversations, whatever its state. */
export async function selectNewestAlertedDraft(
  db: Db,
  reply: { accountId: string; numberId: string },
): Promise<RepliedDraftRow | undefined> {
  const [newest] = resultRows<RepliedDraftRow>(
    await db.execute(sql`
      select d.id, d.state, d.conv_id, c.contact_name from reply_drafts d join conversations c on c.id = d.conv_id
      where d.user_id = ${reply.accountId} and c.number_id = ${reply.numberId}
        and exists (select 1 from owner_alerts a where a.id = d.alert_id)
      order by d.created_at desc limit 1`),
  );
  return newest;
}
