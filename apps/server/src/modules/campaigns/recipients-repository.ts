import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';
import { messages } from '../../db/schema/index.ts';

/**
 * A campaign's recipients (docs/decisions/072-campaigns.md): one claim row per contact and run, taken by one
 * process at a time, the message stored before the send, settled after a crash without sending twice.
 */
export interface ClaimedRecipient {
  id: string;
  /** Null: a contact imported with consent who never wrote; storeCampaignMessage creates the conversation. */
  conv_id: string | null;
  contact_jid: string;
  contact_name: string | null;
  opted_out: boolean;
  never_answer: boolean;
  consent: boolean;
  week_sent: number | string;
  last_item: string | null;
  instance_name: string;
  message_id: string | null;
}

export async function claimNext(
  db: Db,
  campaignId: string,
  token: string,
  now: Date,
): Promise<ClaimedRecipient | null> {
  const weekAgo = new Date(now.getTime() - 7 * 86_400_000).toISOString();
  const [row] = resultRows<ClaimedRecipient>(
    await db.execute(sql`
      with claimed as (
        update campaign_recipients r set state = 'sending', claim_token = ${token}, claimed_at = now()
        where r.id = (select id from campaign_recipients where campaign_id = ${campaignId} and state = 'pending'
                      order by created_at, id limit 1 for update skip locked)
        returning r.*)
      select k.id, coalesce(k.conv_id, c.id) as conv_id, k.contact_jid, k.message_id,
        coalesce(c.contact_name, mc.contact_name) as contact_name, coalesce(c.opted_out, false) as opted_out,
        coalesce(c.never_answer, exists (select 1 from never_answer_contacts na where na.user_id = k.user_id
          and na.contact_jid = k.contact_jid)) as never_answer,
        coalesce(mc.ended_at is null, false) and mc.id is not null as consent,
        (select count(*) from campaign_recipients x where x.user_id = k.user_id and x.contact_jid = k.contact_jid
           and x.state = 'sent' and x.sent_at >= ${weekAgo}::timestamptz) as week_sent,
        (select o.lines->0->>'name' from orders o where o.conv_id = c.id and o.status = 'paid'
           order by o.paid_at desc limit 1) as last_item,
        n.instance_name
      from claimed k join campaigns cp on cp.id = k.campaign_id join numbers n on n.id = cp.number_id
      -- An imported contact may have written since the run began: its conversation is the number's by address.
      left join conversations c on c.id = coalesce(k.conv_id,
        (select x.id from conversations x where x.number_id = cp.number_id and x.contact_jid = k.contact_jid))
      left join marketing_consents mc on mc.user_id = k.user_id and mc.contact_address = k.contact_jid`),
  );
  return row ?? null;
}

export async function sentFromNumberSince(db: Db, numberId: string, since: Date): Promise<number> {
  const [row] = resultRows<{ n: number | string }>(
    await db.execute(sql`
      select count(*) as n from campaign_recipients r join campaigns c on c.id = r.campaign_id
      where c.number_id = ${numberId} and r.state in ('sent', 'sending') and coalesce(r.sent_at, r.claimed_at) >= ${since.toISOString()}::timestamptz`),
  );
  return Number(row?.n ?? 0);
}

/**
 * Stores the campaign's message in the chat (pending) and points the claim at it, in one transaction. A contact
 * without a conversation on the number (imported with consent, never wrote) gets one now, as the ingestion
 * would create it for a first message — so the customer's reply lands in it and goes to the AI
 * (docs/decisions/078-campaign-reach-and-pause.md). The message's id and its conversation.
 */
export async function storeCampaignMessage(
  db: Db,
  r: {
    id: string;
    token: string;
    userId: string;
    numberId: string;
    convId: string | null;
    contactJid: string;
    contactName: string | null;
    text: string;
    now: Date;
  },
): Promise<{ messageId: string; convId: string } | null> {
  return db.transaction(async (tx) => {
    const convId = r.convId ?? (await openConversation(tx as unknown as Db, r));
    const [message] = await tx
      .insert(messages)
      .values({
        userId: r.userId,
        convId,
        direction: 'out',
        content: r.text,
        fromMe: true,
        author: 'owner_app',
        messageType: 'text',
        status: 'pending',
        createdAt: r.now,
      })
      .returning({ id: messages.id });
    const marked = resultRows(
      await tx.execute(sql`
        update campaign_recipients set message_id = ${message!.id}, text = ${r.text}, conv_id = ${convId}
        where id = ${r.id} and claim_token = ${r.token} and state = 'sending' returning id`),
    );
    if (marked.length === 0) throw new Error('campaign claim lost');
    await tx.execute(sql`
      update conversations set last_message = greatest(last_message, ${r.now.toISOString()}::timestamptz),
        last_message_preview = ${r.text.slice(0, 100)}
      where id = ${convId}`);
    return { messageId: message!.id, convId };
  });
}

/** The number's conversation with this address, created when there is none (a concurrent first message wins). */
async function openConversation(
  db: Db,
  r: { userId: string; numberId: string; contactJid: string; contactName: string | null; now: Date },
): Promise<string> {
  const phone = r.contactJid.split('@')[0]!;
  const [created] = resultRows<{ id: string }>(
    await db.execute(sql`
      insert into conversations (user_id, number_id, contact_jid, contact_phone, contact_name, type, never_answer,
        last_message, unread_count)
      values (${r.userId}, ${r.numberId}, ${r.contactJid}, ${phone}, ${r.contactName}, 'chat',
        exists (select 1 from never_answer_contacts na where na.user_id = ${r.userId} and na.contact_jid = ${r.contactJid}),
        ${r.now.toISOString()}::timestamptz, 0)
      on conflict (number_id, contact_jid) do nothing returning id`),
  );
  if (created) return created.id;
  const [existing] = resultRows<{ id: string }>(
    await db.execute(sql`
      select id from conversations where number_id = ${r.numberId} and contact_jid = ${r.contactJid}`),
  );
  if (!existing) throw new Error('campaign conversation vanished after conflict');
  return existing.id;
}

export async function finishRecipient(
  db: Db,
  r: { id: string; token: string },
  out: {
    state: 'sent' | 'failed' | 'unconfirmed' | 'skipped' | 'pending';
    reason?: string | null;
    externalId?: string | null;
    messageId?: string | null;
  },
): Promise<void> {
  await db.execute(sql`
    update campaign_recipients set state = ${out.state}, reason = ${out.reason ?? null},
      external_id = coalesce(${out.externalId ?? null}, external_id),
      sent_at = case when ${out.state} = 'sent' then now() else sent_at end,
      claim_token = null
    where id = ${r.id} and claim_token = ${r.token}`);
  if (out.messageId && out.state !== 'pending')
    await db.execute(sql`
      update messages set status = ${out.state === 'sent' ? 'sent' : 'failed'},
        external_id = coalesce(${out.externalId ?? null}, external_id)
      where id = ${out.messageId} and status = 'pending'`);
}

export async function takeLapsed(db: Db, campaignId: string, token: string, leaseMs: number) {
  return resultRows<{
    id: string;
    conv_id: string | null;
    contact_jid: string;
    message_id: string | null;
    text: string | null;
    instance_name: string;
    msg_status: string | null;
    msg_created: Date | string | null;
  }>(
    await db.execute(sql`
      with lapsed as (
        update campaign_recipients r set claim_token = ${token}, claimed_at = now()
        where r.campaign_id = ${campaignId} and r.state = 'sending'
          and r.claimed_at < now() - ${`${Math.round(leaseMs)} milliseconds`}::interval
        returning r.*)
      select l.id, l.conv_id, l.contact_jid, l.message_id, l.text, n.instance_name,
        m.status as msg_status, m.created_at as msg_created
      from lapsed l join campaigns cp on cp.id = l.campaign_id join numbers n on n.id = cp.number_id
      left join messages m on m.id = l.message_id`),
  );
}

export async function remaining(db: Db, campaignId: string): Promise<{ pending: number; sending: number }> {
  const [row] = resultRows<{ pending: number | string; sending: number | string }>(
    await db.execute(sql`
      select count(*) filter (where state = 'pending') as pending, count(*) filter (where state = 'sending') as sending
      from campaign_recipients where campaign_id = ${campaignId}`),
  );
  return { pending: Number(row?.pending ?? 0), sending: Number(row?.sending ?? 0) };
}

export async function textUsed(db: Db, campaignId: string, run: number, text: string): Promise<boolean> {
  const rows = resultRows(
    await db.execute(sql`
      select 1 from campaign_recipients where campaign_id = ${campaignId} and run = ${run} and text = ${text} limit 1`),
  );
  return rows.length > 0;
}

export async function skipPending(db: Db, campaignId: string, reason: string): Promise<void> {
  await db.execute(sql`
    update campaign_recipients set state = 'skipped', reason = ${reason}
    where campaign_id = ${campaignId} and state = 'pending'`);
}

/**
 * Blocks rising (docs/decisions/078-campaign-reach-and-pause.md): in the campaign's current run, since `since`
 * (the owner's last 'Retomar'; null: the run's start), the contacts it reached — sent, or refused by Meta with
 * 131050 — and how many of them asked to stop: an opt-out after the message (the 'Parar de receber' button or
 * an opt-out reply, decision 048) or the 131050 itself.
 */
export async function blockStats(
  db: Db,
  c: { id: string; run: number; since: Date | string | null; stoppedReason: string },
): Promise<{ reached: number; stopped: number }> {
  const since = c.since ? new Date(c.since).toISOString() : null;
  const [row] = resultRows<{ reached: number | string; stopped: number | string }>(
    await db.execute(sql`
      select count(*) as reached,
        count(*) filter (where r.state = 'skipped' or exists (select 1 from opt_out_events e
          where e.conv_id = r.conv_id and e.action = 'opted_out' and e.created_at > r.sent_at)) as stopped
      from campaign_recipients r
      where r.campaign_id = ${c.id} and r.run = ${c.run}
        and (r.state = 'sent' or (r.state = 'skipped' and r.reason = ${c.stoppedReason}))
        and (${since}::timestamptz is null or coalesce(r.sent_at, r.claimed_at) >= ${since}::timestamptz)`),
  );
  return { reached: Number(row?.reached ?? 0), stopped: Number(row?.stopped ?? 0) };
}
