import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';
import type { CampaignAudience, CampaignStatus } from '../../db/schema/index.ts';

export interface CampaignRow {
  id: string;
  user_id: string;
  number_id: string;
  name: string;
  track: 'cloud' | 'qr';
  audience: CampaignAudience;
  text: string;
  template: { name: string; language: string } | null;
  status: CampaignStatus;
  paused_reason: string | null;
  /** The owner's last 'Retomar': blocks are counted from it (decision 078). */
  blocks_since: Date | string | null;
  scheduled_at: Date | string;
  recurrence: 'none' | 'monthly';
  run: number;
  created_at: Date | string;
  finished_at: Date | string | null;
  number_label: string;
}

const parse = (r: CampaignRow): CampaignRow => ({
  ...r,
  audience: typeof r.audience === 'string' ? (JSON.parse(r.audience) as CampaignAudience) : r.audience,
  template: typeof r.template === 'string' ? (JSON.parse(r.template) as CampaignRow['template']) : r.template,
});

export async function insertCampaign(
  db: Db,
  c: {
    userId: string;
    numberId: string;
    name: string;
    track: 'cloud' | 'qr';
    audience: CampaignAudience;
    text: string;
    template: { name: string; language: string } | null;
    scheduledAt: Date;
    recurrence: 'none' | 'monthly';
  },
): Promise<string> {
  const [row] = resultRows<{ id: string }>(
    await db.execute(sql`
      insert into campaigns (user_id, number_id, name, track, audience, text, template, status, scheduled_at, recurrence)
      values (${c.userId}, ${c.numberId}, ${c.name}, ${c.track}, ${JSON.stringify(c.audience)}::jsonb, ${c.text},
              ${c.template ? JSON.stringify(c.template) : null}::jsonb, 'scheduled',
              ${c.scheduledAt.toISOString()}::timestamptz, ${c.recurrence})
      returning id`),
  );
  return row!.id;
}

const SELECT = sql`
  select c.*, coalesce(nullif(n.apelido, ''), n.phone) as number_label
  from campaigns c join numbers n on n.id = c.number_id`;

export async function selectCampaign(db: Db, id: string, accountId?: string): Promise<CampaignRow | null> {
  const [row] = resultRows<CampaignRow>(
    await db.execute(sql`${SELECT} where c.id = ${id} ${accountId ? sql`and c.user_id = ${accountId}` : sql``}`),
  );
  return row ? parse(row) : null;
}

/** The account's campaigns, newest first; null: every account's still moving (the sweep). */
export async function selectCampaigns(db: Db, accountId: string | null): Promise<CampaignRow[]> {
  return resultRows<CampaignRow>(
    await db.execute(
      accountId
        ? sql`${SELECT} where c.user_id = ${accountId} order by c.created_at desc limit 100`
        : sql`${SELECT} where c.status in ('sending', 'scheduled') order by c.scheduled_at limit 1000`,
    ),
  ).map(parse);
}

export interface ResultsRow {
  campaign_id: string;
  audience: number;
  pending: number;
  sent: number;
  /** Recipients who booked in the agenda within 7 days of the message (decision 075). */
  booked: number;
  delivered: number;
  read: number;
  replied: number;
  opted_out: number;
  skipped: number;
  failed: number;
  orders: number;
  paid_cents: number;
  billable: number;
}

/**
 * Each campaign's results (docs/decisions/072-campaigns.md), over all its runs: the recipients' states,
 * their messages' delivery, the customers who wrote back or opted out after it, the orders of those
 * conversations placed within 7 days of it and what was paid, and the messages Meta bills (the meter).
 */
export async function selectResults(
  db: Db,
  accountId: string,
  campaignIds: string[],
): Promise<Map<string, ResultsRow>> {
  if (campaignIds.length === 0) return new Map();
  const rows = resultRows<Record<keyof ResultsRow, string | number>>(
    await db.execute(sql`
      select r.campaign_id,
        count(*) as audience,
        count(*) filter (where r.state in ('pending', 'sending')) as pending,
        count(*) filter (where r.state = 'sent') as sent,
        count(*) filter (where r.state = 'sent' and m.status in ('delivered', 'read')) as delivered,
        count(*) filter (where r.state = 'sent' and m.status = 'read') as read,
        count(*) filter (where r.state = 'sent' and exists (select 1 from messages i where i.conv_id = r.conv_id
          and i.direction = 'in' and i.created_at > r.sent_at)) as replied,
        count(*) filter (where r.state = 'sent' and exists (select 1 from opt_out_events e where e.conv_id = r.conv_id
          and e.action = 'opted_out' and e.created_at > r.sent_at)) as opted_out,
        count(*) filter (where r.state = 'sent' and exists (select 1 from agenda_bookings b
          where b.conversation_id = r.conv_id and b.status in ('booked', 'confirmed', 'attended')
          and b.created_at > r.sent_at and b.created_at <= r.sent_at + interval '7 days')) as booked,
        count(*) filter (where r.state = 'skipped') as skipped,
        count(*) filter (where r.state in ('failed', 'unconfirmed')) as failed,
        coalesce(sum(o.orders), 0) as orders,
        coalesce(sum(o.paid_cents), 0) as paid_cents,
        count(*) filter (where mm.billable) as billable
      from campaign_recipients r
      left join messages m on m.id = r.message_id
      left join lateral (select count(*) as orders,
          coalesce(sum(total_cents) filter (where status = 'paid'), 0) as paid_cents
        from orders where conv_id = r.conv_id and r.state = 'sent' and created_at > r.sent_at
          and created_at <= r.sent_at + interval '7 days') o on true
      left join cloud_message_meter mm on mm.external_id = r.external_id and mm.user_id = r.user_id
      where r.user_id = ${accountId} and r.campaign_id in (${sql.join(
        campaignIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      group by r.campaign_id`),
  );
  return new Map(
    rows.map((r) => [
      String(r.campaign_id),
      Object.fromEntries(
        Object.entries(r).map(([k, v]) => [k, k === 'campaign_id' ? v : Number(v)]),
      ) as unknown as ResultsRow,
    ]),
  );
}

/** A new run starts: its recipients are the audience's contacts who may receive it (once per run: the unique claim). */
export async function startRun(
  db: Db,
  c: { id: string; userId: string; run: number },
  contacts: { convId: string | null; contactJid: string }[],
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const started = resultRows(
      await tx.execute(sql`
        update campaigns set status = 'sending', run = ${c.run}, started_at = coalesce(started_at, now()),
          paused_reason = null
        where id = ${c.id} and status = 'scheduled' and run = ${c.run - 1} returning id`),
    );
    if (started.length === 0) return false;
    for (let i = 0; i < contacts.length; i += 500) {
      const chunk = contacts.slice(i, i + 500);
      await tx.execute(sql`
        insert into campaign_recipients (campaign_id, user_id, run, conv_id, contact_jid)
        values ${sql.join(
          chunk.map((k) => sql`(${c.id}, ${c.userId}, ${c.run}, ${k.convId}, ${k.contactJid})`),
          sql`, `,
        )}
        on conflict (campaign_id, run, contact_jid) do nothing`);
    }
    return true;
  });
}

export async function setStatus(
  db: Db,
  id: string,
  from: CampaignStatus[],
  to: CampaignStatus,
  extra: { pausedReason?: string | null; scheduledAt?: Date; finished?: boolean; blocksSince?: Date } = {},
): Promise<boolean> {
  const rows = resultRows(
    await db.execute(sql`
      update campaigns set status = ${to},
        paused_reason = ${extra.pausedReason ?? null},
        scheduled_at = coalesce(${extra.scheduledAt?.toISOString() ?? null}::timestamptz, scheduled_at),
        finished_at = case when ${extra.finished ?? false} then now() else finished_at end,
        blocks_since = coalesce(${extra.blocksSince?.toISOString() ?? null}::timestamptz, blocks_since)
      where id = ${id} and status in (${sql.join(
        from.map((s) => sql`${s}`),
        sql`, `,
      )}) returning id`),
  );
  return rows.length > 0;
}

/**
 * Claims the campaign's next waiting contact (pending → sending with this token; a row another process
 * holds is skipped), with the facts its send is decided on, read at the moment of the send.
 */
/** Campaign messages a number sent since `since` (the QR daily batch, the Cloud tier's 24 hours). */
/** Stores the campaign's message in the chat (pending) and points the claim at it, in one transaction. */
/** How a claimed contact ended; the message row follows (sent, failed). */
/**
 * Contacts whose process died mid-send (the claim older than the lease): taken over with a new token.
 * Returned with their stored message so the caller settles each with the gateway, never sending twice.
 */
/** Whether the campaign still has contacts waiting or in flight. */
/** The account's time zone (the business hours are in it). */
export async function selectTimeZone(db: Db, accountId: string): Promise<string> {
  const [row] = resultRows<{ time_zone: string | null }>(
    await db.execute(sql`select time_zone from profiles where id = ${accountId}`),
  );
  return row?.time_zone ?? 'America/Sao_Paulo';
}

/** Whether this text already went (or is going) to another contact of this run. */
/** The contacts still waiting are not sent (the campaign was cancelled). */
/** A Cloud number's ids and sealed token (its templates are sent with them). */
export async function selectCloudSecrets(db: Db, numberId: string) {
  const [row] = resultRows<{ phone_number_id: string | null; waba_id: string | null; sealed: string | null }>(
    await db.execute(sql`
      select cloud_phone_number_id as phone_number_id, cloud_waba_id as waba_id, cloud_token_sealed as sealed
      from numbers where id = ${numberId} and provider = 'cloud'`),
  );
  return row ? { phoneNumberId: row.phone_number_id, wabaId: row.waba_id, sealed: row.sealed } : null;
}

/** Meta's quality rating read for a Cloud number (GET …?fields=quality_rating): kept on the number's row. */
export async function recordQualityRating(db: Db, numberId: string, rating: string): Promise<void> {
  await db.execute(sql`
    update numbers set cloud_quality_rating = ${rating}, updated_at = now()
    where id = ${numberId} and provider = 'cloud' and cloud_quality_rating is distinct from ${rating}`);
}
