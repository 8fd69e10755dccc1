import { resultRows } from '../../../db/rows.ts';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { execPrepared, type PreparedTarget } from '../../../db/prepared.ts';
import { monthStart } from '../../../domain/usage/get-current-usage.ts';
import type { BurstEvents, BurstPart } from '../../../db/schema/index.ts';
import { mediaUrl } from '../../../integrations/storage/storage-keys.ts';
import type { MessageRecord } from '../engine-repository.ts';
import { conversationRowFromSql, type ConversationSqlRow, type SqlTimestamp } from '../sql-rows.ts';
import type { ConversationRow } from '../../../domain/conversations/conversation-repository.ts';
import type { OutboundAuditEntry } from '../../../domain/outbound/outbound-audit.ts';

/**
 * Database steps of an AI reply, each one statement (docs/performance.md: a reply costs a claim
 * and a context read shared with other bursts, then one statement to fix the answer and one per
 * part sent). Every write is conditional on the burst's claim token, so a worker that lost its
 * claim (superseded, taken over, recovered elsewhere) changes nothing.
 */

/** The stored row of an AI message part we just inserted (all its other columns are defaults). */
function aiMessage(
  id: string,
  accountId: string,
  convId: string,
  part: BurstPart,
  at: SqlTimestamp,
  people?: { editedBy: string | null; sentBy: string | null },
): MessageRecord {
  const photo = typeof part === 'string' ? null : part.photo;
  return {
    id,
    userId: accountId,
    convId,
    direction: 'out',
    content: photo ? photo.caption : (part as string),
    fromMe: true,
    author: 'ai',
    messageType: photo ? 'image' : 'text',
    status: 'pending',
    error: null,
    externalId: null,
    mediaUrl: photo ? mediaUrl(photo.key) : null,
    mediaFilename: null,
    mediaMimetype: null,
    mediaSize: null,
    mediaDuration: null,
    mediaWidth: null,
    mediaHeight: null,
    thumbnailUrl: null,
    contactReaction: null,
    ownerReaction: null,
    editedAt: null,
    deletedAt: null,
    failedBurstId: null,
    optOut: false,
    sentByUserId: people?.sentBy ?? null,
    editedByUserId: people?.editedBy ?? null,
    ackedAt: null,
    createdAt: new Date(at),
  };
}

export interface FixRequest {
  id: string;
  version: number;
  token: string;
  userId: string;
  convId: string;
  /** The first is the answer's text. */
  parts: BurstPart[];
  /** The answer's events to queue, kept on the burst until their job exists (event-job.ts queuedPart). */
  events: BurstEvents | null;
}

/**
 * Fixes answers (generating → sending) and stores each one's first part as a pending message, for
 * many bursts in one statement, each only if it is still our claim of the current version and the
 * AI is still on for the conversation. Per request: the stored first part, or null when not
 * (superseded by a new message, taken over, switched off).
 */
export async function fixAnswers(database: PreparedTarget, requests: FixRequest[]): Promise<(MessageRecord | null)[]> {
  const rows = requests.map((r) => ({
    id: r.id,
    token: r.token,
    version: r.version,
    conv_id: r.convId,
    user_id: r.userId,
    msg_id: randomUUID(),
    parts: r.parts,
    events: r.events,
    first: r.parts[0] as string,
  }));
  const fixed = await execPrepared<{ id: string; created_at: SqlTimestamp }>(
    database,
    'engine_fix_answers',
    sql`
      with v as (
        select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as v(id uuid, token uuid, version int, conv_id uuid, user_id text, msg_id uuid, parts jsonb, events jsonb, first text)),
      b as (
        update reply_bursts r set state = 'sending', parts = v.parts, events = v.events, sent_parts = 0, inflight_message_id = v.msg_id,
               claimed_at = now(), updated_at = now()
        from v
        where r.id = v.id and r.claim_token = v.token and r.version = v.version and r.state = 'generating'
          and r.id = any(array(select id from v))
          and exists (select 1 from conversations c where c.id = v.conv_id and c.agente_ativo and not c.opted_out)
        returning r.id)
      insert into messages (id, user_id, conv_id, direction, content, from_me, author, message_type, status)
      select v.msg_id, v.user_id, v.conv_id, 'out', v.first, true, 'ai', 'text', 'pending' from v join b on b.id = v.id
      returning id, created_at`,
  );
  const at = new Map(fixed.map((f) => [f.id, f.created_at]));
  return rows.map((r, i) => {
    const createdAt = at.get(r.msg_id);
    return createdAt === undefined ? null : aiMessage(r.msg_id, requests[i]!.userId, r.conv_id, r.first, createdAt);
  });
}

/**
 * Stores part `index` as a pending message and marks it in flight (so a crash during the gateway
 * call never leads to a second send of it), if the burst is still ours at that part and the AI is
 * still on. Null when not.
 */
export async function startPart(
  db: Db,
  s: {
    burstId: string;
    token: string;
    userId: string;
    convId: string;
    people?: { editedBy: string | null; sentBy: string | null };
  },
  index: number,
  part: BurstPart,
): Promise<MessageRecord | null> {
  const id = randomUUID();
  // A photo is stored as the image it is (the inbox shows it from the catalogue's stored file).
  const photo = typeof part === 'string' ? null : part.photo;
  const content = photo ? photo.caption : (part as string);
  const [row] = resultRows<{ created_at: SqlTimestamp }>(
    await db.execute(sql`
      with b as (
        update reply_bursts set inflight_message_id = ${id}::uuid, claimed_at = now(), updated_at = now()
        where id = ${s.burstId} and claim_token = ${s.token} and state = 'sending' and sent_parts = ${index}
          and exists (select 1 from conversations c where c.id = reply_bursts.conv_id and c.agente_ativo and not c.opted_out)
        returning user_id, conv_id)
      insert into messages (id, user_id, conv_id, direction, content, from_me, author, message_type, status, media_url,
                            sent_by_user_id, edited_by_user_id)
      select ${id}::uuid, b.user_id, b.conv_id, 'out', ${content}::text, true, 'ai', ${photo ? 'image' : 'text'}::text,
             'pending', ${photo ? mediaUrl(photo.key) : null}::text,
             ${s.people?.sentBy ?? null}::text, ${s.people?.editedBy ?? null}::text from b
      returning created_at`),
  );
  return row ? aiMessage(id, s.userId, s.convId, part, row.created_at, s.people) : null;
}

export interface PartOutcome {
  burstId: string;
  token: string;
  userId: string;
  convId: string;
  messageId: string;
  index: number;
  ok: boolean;
  externalId: string | null;
  error: string | null;
  last: boolean;
  preview: string;
  /** Count one AI-answered message (the first part of a reply, decision 005). */
  countUsage: boolean;
  maxAiMessages: number;
  /** The door's audit record of this part (domain/outbound/outbound-audit.ts), stored by the same statement. */
  audit?: OutboundAuditEntry | null;
}

/**
 * After the gateway calls, for many parts in one statement: each message's status and id, each
 * burst's progress (done after its last part, failed on a refused send), the conversations' last
 * message, and this month's usage per user (overage past the plan's limit counted as if one by
 * one). Returns the conversations touched, as the inbox shows them (for realtime).
 */
export async function finishParts(
  database: PreparedTarget,
  outcomes: PartOutcome[],
  now = new Date(),
): Promise<(ConversationRow & { userId: string })[]> {
  const month = monthStart(now).toISOString().slice(0, 10);
  const rows = outcomes.map((o) => ({
    burst_id: o.burstId,
    token: o.token,
    user_id: o.userId,
    conv_id: o.convId,
    msg_id: o.messageId,
    next: o.index + 1,
    ok: o.ok,
    status: o.ok ? 'sent' : 'failed',
    external_id: o.externalId,
    error: o.error,
    state: !o.ok ? 'failed' : o.last ? 'done' : 'sending',
    reason: o.ok ? null : 'gateway',
    keep_claim: o.ok && !o.last,
    preview: o.preview,
    count_usage: o.ok && o.countUsage,
    max_ai: o.maxAiMessages,
    audit_origin: o.audit?.origin ?? null,
    audit_rule: o.audit?.rule ?? null,
    audit_outcome: o.audit?.outcome ?? null,
    audit_detail: o.audit?.detail ?? null,
  }));
  // Each table is reached by `key = any(array(select … from v))` as well as the join: the planner takes
  // a JSON batch for 100 rows and would hash it against a whole-table scan; an array of keys it takes
  // for 10, looked up by primary key (docs/performance.md, "Batch statements and the planner").
  const touched = await execPrepared<ConversationSqlRow>(
    database,
    'engine_finish_parts',
    sql`
      with v as (
        select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as v(burst_id uuid, token uuid, user_id text, conv_id uuid, msg_id uuid, next int, ok boolean, status text,
               external_id text, error text, state text, reason text, keep_claim boolean, preview text, count_usage boolean, max_ai int,
               audit_origin text, audit_rule text, audit_outcome text, audit_detail text)),
      a as (
        insert into outbound_audit (user_id, conv_id, message_id, origin, rule, outcome, detail, created_at)
        select v.user_id, v.conv_id, v.msg_id, v.audit_origin, v.audit_rule, v.audit_outcome, v.audit_detail, now()
        from v where v.audit_origin is not null
        returning 1),
      m as (
        update messages x set status = v.status, external_id = coalesce(v.external_id, x.external_id), error = v.error
        from v where x.id = v.msg_id and x.id = any(array(select msg_id from v))
        returning x.id),
      b as (
        update reply_bursts r set sent_parts = v.next, inflight_message_id = null, claimed_at = now(), updated_at = now(),
               state = v.state, reason = v.reason, claim_token = case when v.keep_claim then r.claim_token else null end
        from v where r.id = v.burst_id and r.claim_token = v.token and r.id = any(array(select burst_id from v))
        returning r.id),
      w as (
        select distinct on (conv_id) conv_id, preview from v where ok order by conv_id),
      c as (
        update conversations x set
          last_message_preview = case when now() >= x.last_message then w.preview else x.last_message_preview end,
          last_message = greatest(x.last_message, now())
        from w where x.id = w.conv_id and x.id = any(array(select conv_id from w))
        returning x.*),
      n as (
        select user_id, count(*)::int as n, max(max_ai) as max_ai from v where count_usage group by user_id),
      u as (
        insert into usage_monthly (user_id, month, ai_messages, overage_messages)
        select n.user_id, ${month}::date, n.n, greatest(0, n.n - greatest(n.max_ai, 0)) from n
        on conflict (user_id, month) do update set
          ai_messages = usage_monthly.ai_messages + excluded.ai_messages,
          overage_messages = usage_monthly.overage_messages + greatest(0, least(excluded.ai_messages,
            usage_monthly.ai_messages + excluded.ai_messages - (select n2.max_ai from n n2 where n2.user_id = usage_monthly.user_id)))
        returning 1)
      select c.id, c.user_id, c.number_id, c.contact_name, c.contact_phone, c.contact_jid, c.type, c.agente_ativo, c.opted_out,
             c.handoff_reason, c.ai_resumes_at, c.last_message, c.last_message_preview, c.unread_count, c.created_at,
             num.instance_name, num.phone as number_phone, num.apelido as number_apelido,
             (select count(*) from m) as m, (select count(*) from b) as b, (select count(*) from u) as u,
             (select count(*) from a) as a
      from c join numbers num on num.id = c.number_id`,
  );
  return touched.map(conversationRowFromSql);
}

/** An echo of our send stored on its own before we knew the gateway's id: ours is the message. */
export async function dropEchoCopy(db: Db, convId: string, externalId: string, keepId: string): Promise<void> {
  await db.execute(
    sql`delete from messages where conv_id = ${convId} and external_id = ${externalId} and id <> ${keepId}`,
  );
}
