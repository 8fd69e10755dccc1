import { type SQL, sql } from 'drizzle-orm';
import type { CampaignAudienceDto, ExclusionReason } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';
import { QR_RECENT_DAYS } from '../../domain/campaigns/campaign-rules.ts';

/**
 * One contact the filters matched, and why it does not receive the campaign (null: it does). `convId` null: a
 * contact with consent and no conversation on the number (imported by CSV, never wrote; decision 078).
 */
export interface AudienceContact {
  convId: string | null;
  contactJid: string;
  reason: ExclusionReason | null;
}

const list = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/** The filters' conditions on a conversation `c` (each an index probe per conversation). */
function filters(a: CampaignAudienceDto, now: Date): SQL[] {
  const where: SQL[] = [];
  if (a.labelIds.length)
    where.push(
      sql`exists (select 1 from conversation_labels cl where cl.conv_id = c.id and cl.label_id in (${list(a.labelIds)}))`,
    );
  // No stage row is 'Novo' (docs/decisions/043-labels-notes-funnel.md).
  if (a.stageIds.length)
    where.push(sql`exists (select 1 from funnel_stages fs
      left join conversation_stages cs on cs.conv_id = c.id
      where fs.user_id = c.user_id and fs.id in (${list(a.stageIds)})
        and (fs.id = cs.stage_id or (cs.stage_id is null and fs.kind = 'novo')))`);
  if (a.purchase) {
    const since = new Date(now.getTime() - a.purchase.days * 86_400_000).toISOString();
    const bought = sql`exists (select 1 from orders o where o.conv_id = c.id and o.status = 'paid'
      and o.paid_at >= ${since}::timestamptz)`;
    where.push(a.purchase.mode === 'bought' ? bought : sql`not ${bought}`);
  }
  if (a.silentDays)
    where.push(sql`c.last_message < ${new Date(now.getTime() - a.silentDays * 86_400_000).toISOString()}::timestamptz`);
  // Where the customer came from (docs/decisions/071-ad-attribution.md) and the agenda (decision 069).
  if (a.fromAd)
    where.push(sql`exists (select 1 from conversation_sources s where s.conversation_id = c.id and s.kind = 'ad')`);
  if (a.booking)
    where.push(
      sql`exists (select 1 from agenda_bookings b where b.conversation_id = c.id and b.status in (${
        a.booking === 'no_show' ? sql`'no_show'` : sql`'booked', 'confirmed', 'attended'`
      }))`,
    );
  return where;
}

/**
 * The audience of a campaign on one number (docs/decisions/072-campaigns.md): the number's one-to-one
 * conversations the filters match, each with the first reason it is excluded — no consent (or it ended),
 * opted out, 'Nunca responder', on the QR track silent for 90 days, or the weekly cap across campaigns.
 */
export async function selectAudience(
  db: Db,
  q: {
    userId: string;
    numberId: string;
    audience: CampaignAudienceDto;
    track: 'cloud' | 'qr';
    weeklyCap: number;
    now: Date;
  },
): Promise<AudienceContact[]> {
  const conditions = filters(q.audience, q.now);
  const weekAgo = new Date(q.now.getTime() - 7 * 86_400_000).toISOString();
  const recent = new Date(q.now.getTime() - QR_RECENT_DAYS * 86_400_000).toISOString();
  const rows = resultRows<AudienceRow>(
    await db.execute(sql`
      select c.id as conv_id, c.contact_jid, c.opted_out, c.never_answer,
        coalesce(mc.ended_at is null, false) and mc.id is not null as consent,
        coalesce(c.customer_last_at >= ${recent}::timestamptz, false) as recent,
        (select count(*) from campaign_recipients r where r.user_id = c.user_id and r.contact_jid = c.contact_jid
           and r.state = 'sent' and r.sent_at >= ${weekAgo}::timestamptz) as week_sent
      from conversations c
      left join marketing_consents mc on mc.user_id = c.user_id and mc.contact_address = c.contact_jid
      where c.user_id = ${q.userId} and c.number_id = ${q.numberId} and c.type = 'chat'
        ${conditions.length ? sql`and ${sql.join(conditions, sql` and `)}` : sql``}
      order by c.last_message desc`),
  );
  const imported = noConversationFilters(q.audience) ? await selectWithoutConversation(db, q, weekAgo) : [];
  return [...rows, ...imported].map((r) => ({
    convId: r.conv_id,
    contactJid: r.contact_jid,
    reason: r.opted_out
      ? 'opted_out'
      : r.never_answer
        ? 'never_answer'
        : !r.consent
          ? 'no_consent'
          : q.track === 'qr' && !r.recent
            ? 'qr_cold'
            : Number(r.week_sent) >= q.weeklyCap
              ? 'weekly_cap'
              : null,
  }));
}

interface AudienceRow {
  conv_id: string | null;
  contact_jid: string;
  consent: boolean;
  opted_out: boolean;
  never_answer: boolean;
  recent: boolean;
  week_sent: number | string;
}

/**
 * Whether a contact with no conversation can match the filters: none of them asks something of a
 * conversation (a label, a stage, a purchase, where it came from, a booking). 'Did not buy' and 'silent for N
 * days' hold for someone who never wrote.
 */
function noConversationFilters(a: CampaignAudienceDto): boolean {
  return a.labelIds.length === 0 && a.stageIds.length === 0 && a.purchase?.mode !== 'bought' && !a.fromAd && !a.booking;
}

/**
 * The account's contacts with a consent record and no conversation on the number (docs/decisions/078-campaign-reach-and-pause.md):
 * imported by CSV with the owner's declaration, or known from another number. They never wrote to this number,
 * so the QR track leaves them out ('qr_cold'); on Cloud the marketing template opens the conversation. A consent
 * ended by an opt-out counts as the opt-out; 'Nunca responder' is read from the account's list by address.
 */
async function selectWithoutConversation(
  db: Db,
  q: { userId: string; numberId: string },
  weekAgo: string,
): Promise<AudienceRow[]> {
  return resultRows<AudienceRow>(
    await db.execute(sql`
      select null as conv_id, mc.contact_address as contact_jid,
        coalesce(mc.ended_reason = 'opt_out', false) as opted_out,
        exists (select 1 from never_answer_contacts na where na.user_id = mc.user_id
                and na.contact_jid = mc.contact_address) as never_answer,
        mc.ended_at is null as consent, false as recent,
        (select count(*) from campaign_recipients r where r.user_id = mc.user_id and r.contact_jid = mc.contact_address
           and r.state = 'sent' and r.sent_at >= ${weekAgo}::timestamptz) as week_sent
      from marketing_consents mc
      where mc.user_id = ${q.userId} and mc.contact_address like '%@s.whatsapp.net'
        and not exists (select 1 from conversations c where c.number_id = ${q.numberId}
                        and c.contact_jid = mc.contact_address)
      order by mc.given_at desc, mc.contact_address`),
  );
}

/** The number a campaign goes out from (this account's, connected), with what its track needs. */
export async function selectCampaignNumber(db: Db, accountId: string, numberId: string) {
  const [row] = resultRows<{
    id: string;
    provider: 'evolution' | 'cloud';
    instance_name: string;
    label: string;
    status: string;
    created_at: Date | string;
    cloud_messaging_limit: string | null;
    cloud_quality_rating: string | null;
  }>(
    await db.execute(sql`
      select id, provider, instance_name, coalesce(nullif(apelido, ''), phone) as label, status, created_at,
        cloud_messaging_limit, cloud_quality_rating
      from numbers where id = ${numberId} and user_id = ${accountId}`),
  );
  return row ?? null;
}

/** The account's weekly cap of campaign messages per contact (1 when never set). */
export async function selectWeeklyCap(db: Db, accountId: string): Promise<number> {
  const [row] = resultRows<{ weekly_cap: number }>(
    await db.execute(sql`select weekly_cap from campaign_settings where user_id = ${accountId}`),
  );
  return row?.weekly_cap ?? 1;
}

export async function upsertWeeklyCap(db: Db, accountId: string, weeklyCap: number): Promise<void> {
  await db.execute(sql`
    insert into campaign_settings (user_id, weekly_cap) values (${accountId}, ${weeklyCap})
    on conflict (user_id) do update set weekly_cap = excluded.weekly_cap, updated_at = now()`);
}
