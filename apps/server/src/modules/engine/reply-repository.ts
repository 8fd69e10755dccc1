import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { monthStart } from '../../domain/usage/get-current-usage.ts';
import type { AnswerItem } from '../../db/schema/index.ts';
import { type MessageRecord, rowsOf } from './engine-repository.ts';
import type { ContextMessage } from './reply-rules.ts';

/**
 * Database steps of an AI reply, each one statement (docs/performance.md: a reply costs a claim
 * and a context read shared with other bursts, then one statement to fix the answer and one per
 * part sent). Every write is conditional on the burst's claim token, so a worker that lost its
 * claim (superseded, taken over, recovered elsewhere) changes nothing.
 */

export interface ClaimedBurst {
  id: string;
  version: number;
  token: string;
}

/** Claims up to `limit` waiting bursts that are due (waiting → generating), skipping rows another process holds. */
export async function claimDueBursts(db: Db, limit: number): Promise<ClaimedBurst[]> {
  const rows = rowsOf<{ id: string; version: number; claim_token: string }>(
    await db.execute(sql`
      update reply_bursts set state = 'generating', claim_token = gen_random_uuid(), claimed_at = now(), updated_at = now()
      where id in (
        select id from reply_bursts
        where state = 'waiting' and due_at <= now()
        order by due_at
        limit ${limit}
        for update skip locked)
      returning id, version, claim_token`),
  );
  return rows.map((r) => ({ id: r.id, version: Number(r.version), token: r.claim_token }));
}

/** When the next waiting burst (of any process) is due; null when none waits. */
export async function nextDueAt(db: Db): Promise<Date | null> {
  const [row] = rowsOf<{ at: string | Date | null }>(await db.execute(sql`select min(due_at) as at from reply_bursts where state = 'waiting'`));
  return row?.at ? new Date(row.at) : null;
}

/** Everything answering a burst needs, read for many bursts in one query. */
export interface ReplyContext extends ClaimedBurst {
  userId: string;
  convId: string;
  convType: string;
  agenteAtivo: boolean;
  optedOut: boolean;
  contactJid: string;
  instanceName: string | null;
  agent: { active: boolean; systemPrompt: string; respostas: AnswerItem[] } | null;
  /** The plan's monthly AI messages; the free plan stops at it, paid plans count overage. */
  maxAiMessages: number;
  isFree: boolean;
  aiMessages: number;
  /** The conversation's latest messages, newest first. */
  recent: ContextMessage[];
}

export async function loadReplyContexts(db: Db, claimed: ClaimedBurst[], contextMessages: number, now = new Date()): Promise<ReplyContext[]> {
  if (claimed.length === 0) return [];
  const month = monthStart(now).toISOString().slice(0, 10);
  const ids = JSON.stringify(claimed.map((c) => c.id));
  const rows = rowsOf<Record<string, any>>(
    await db.execute(sql`
      select b.id, b.user_id, b.conv_id, c.type, c.agente_ativo, c.opted_out, c.contact_jid, n.instance_name,
             a.id as agent_id, a.active as agent_active, a.system_prompt, a.respostas,
             coalesce(p.max_ai_messages, f.max_ai_messages, 0) as max_ai_messages,
             (p.id is null or p.slug = 'freemium' or p.price_cents = 0) as is_free,
             coalesce(u.ai_messages, 0) as ai_messages,
             coalesce((
               select json_agg(r order by r.created_at desc, r.id desc)
               from (select m.id, m.direction, m.message_type, m.content, m.media_filename, m.media_duration, m.status, m.created_at
                     from messages m where m.conv_id = b.conv_id
                     order by m.created_at desc nulls last, m.id desc nulls last limit ${contextMessages}) r
             ), '[]'::json) as recent
      from reply_bursts b
      join conversations c on c.id = b.conv_id
      left join numbers n on n.id = c.number_id
      left join agentes a on a.id = n.agente
      left join profiles pr on pr.id = b.user_id
      left join plans p on p.id = pr.active_plan_id
      left join plans f on f.slug = 'freemium'
      left join usage_monthly u on u.user_id = b.user_id and u.month = ${month}::date
      where b.id in (select jsonb_array_elements_text(${ids}::jsonb)::uuid)`),
  );
  const byId = new Map(rows.map((r) => [r.id as string, r]));
  return claimed.flatMap((c) => {
    const r = byId.get(c.id);
    if (!r) return [];
    const recent = (typeof r.recent === 'string' ? JSON.parse(r.recent) : r.recent) as Record<string, any>[];
    return [
      {
        ...c,
        userId: r.user_id,
        convId: r.conv_id,
        convType: r.type,
        agenteAtivo: r.agente_ativo,
        optedOut: r.opted_out,
        contactJid: r.contact_jid,
        instanceName: r.instance_name ?? null,
        agent: r.agent_id ? { active: r.agent_active, systemPrompt: r.system_prompt, respostas: (typeof r.respostas === 'string' ? JSON.parse(r.respostas) : r.respostas) ?? [] } : null,
        maxAiMessages: Number(r.max_ai_messages),
        isFree: r.is_free === true,
        aiMessages: Number(r.ai_messages),
        recent: recent.map((m) => ({
          direction: m.direction,
          messageType: m.message_type,
          content: m.content,
          mediaFilename: m.media_filename,
          mediaDuration: m.media_duration,
          status: m.status,
        })),
      },
    ];
  });
}

/** The stored row of an AI message part we just inserted (all its other columns are defaults). */
function aiMessage(id: string, userId: string, convId: string, content: string, createdAt: string | Date): MessageRecord {
  return {
    id,
    userId,
    convId,
    direction: 'out',
    content,
    fromMe: true,
    author: 'ai',
    messageType: 'text',
    status: 'pending',
    error: null,
    externalId: null,
    mediaUrl: null,
    mediaFilename: null,
    mediaMimetype: null,
    mediaSize: null,
    mediaDuration: null,
    mediaWidth: null,
    mediaHeight: null,
    thumbnailUrl: null,
    createdAt: new Date(createdAt),
  };
}

/**
 * Fixes the answer (generating → sending) and stores its first part as a pending message, in one
 * statement, only if this is still our claim of the current version and the AI is still on for the
 * conversation. Null when not (superseded by a new message, taken over, switched off).
 */
export async function fixAnswer(db: Db, burst: { id: string; version: number; token: string; userId: string; convId: string }, parts: string[]): Promise<MessageRecord | null> {
  const id = randomUUID();
  const [row] = rowsOf<{ created_at: string | Date }>(
    await db.execute(sql`
      with b as (
        update reply_bursts set state = 'sending', parts = ${JSON.stringify(parts)}::jsonb, sent_parts = 0,
               inflight_message_id = ${id}::uuid, claimed_at = now(), updated_at = now()
        where id = ${burst.id} and claim_token = ${burst.token} and version = ${burst.version} and state = 'generating'
          and exists (select 1 from conversations c where c.id = ${burst.convId} and c.agente_ativo and not c.opted_out)
        returning user_id, conv_id)
      insert into messages (id, user_id, conv_id, direction, content, from_me, author, message_type, status)
      select ${id}::uuid, b.user_id, b.conv_id, 'out', ${parts[0]!}::text, true, 'ai', 'text', 'pending' from b
      returning created_at`),
  );
  return row ? aiMessage(id, burst.userId, burst.convId, parts[0]!, row.created_at) : null;
}

/**
 * Stores part `index` as a pending message and marks it in flight (so a crash during the gateway
 * call never leads to a second send of it), if the burst is still ours at that part and the AI is
 * still on. Null when not.
 */
export async function startPart(db: Db, s: { burstId: string; token: string; userId: string; convId: string }, index: number, content: string): Promise<MessageRecord | null> {
  const id = randomUUID();
  const [row] = rowsOf<{ created_at: string | Date }>(
    await db.execute(sql`
      with b as (
        update reply_bursts set inflight_message_id = ${id}::uuid, claimed_at = now(), updated_at = now()
        where id = ${s.burstId} and claim_token = ${s.token} and state = 'sending' and sent_parts = ${index}
          and exists (select 1 from conversations c where c.id = reply_bursts.conv_id and c.agente_ativo and not c.opted_out)
        returning user_id, conv_id)
      insert into messages (id, user_id, conv_id, direction, content, from_me, author, message_type, status)
      select ${id}::uuid, b.user_id, b.conv_id, 'out', ${content}::text, true, 'ai', 'text', 'pending' from b
      returning created_at`),
  );
  return row ? aiMessage(id, s.userId, s.convId, content, row.created_at) : null;
}

export interface PartOutcome {
  ok: boolean;
  externalId: string | null;
  error: string | null;
  last: boolean;
  preview: string;
  /** Count one AI-answered message (the first part of a reply, decision 005). */
  countUsage: boolean;
  maxAiMessages: number;
}

/**
 * After the gateway call: the message's status and id, the burst's progress (done after the last
 * part, failed on a refused send), the conversation's last message and this month's usage (with
 * overage past the plan's limit), in one statement.
 */
export async function finishPart(db: Db, s: { burstId: string; token: string; userId: string; convId: string }, messageId: string, index: number, o: PartOutcome, now = new Date()): Promise<void> {
  const month = monthStart(now).toISOString().slice(0, 10);
  const state = !o.ok ? 'failed' : o.last ? 'done' : 'sending';
  const keepClaim = o.ok && !o.last;
  await db.execute(sql`
    with m as (
      update messages set status = ${o.ok ? 'sent' : 'failed'}, external_id = coalesce(${o.externalId}, external_id), error = ${o.error}
      where id = ${messageId}
      returning id),
    b as (
      update reply_bursts set sent_parts = ${index + 1}, inflight_message_id = null, claimed_at = now(), updated_at = now(),
             state = ${state}, reason = ${o.ok ? null : 'gateway'}, claim_token = case when ${keepClaim}::boolean then claim_token else null end
      where id = ${s.burstId} and claim_token = ${s.token}
      returning id),
    c as (
      update conversations set
        last_message_preview = case when now() >= last_message then ${o.preview} else last_message_preview end,
        last_message = greatest(last_message, now())
      where id = ${s.convId} and ${o.ok}::boolean
      returning id),
    u as (
      insert into usage_monthly (user_id, month, ai_messages, overage_messages)
      select ${s.userId}::text, ${month}::date, 1, case when ${o.maxAiMessages}::int <= 0 then 1 else 0 end
      where ${o.ok && o.countUsage}::boolean
      on conflict (user_id, month) do update set
        ai_messages = usage_monthly.ai_messages + 1,
        overage_messages = usage_monthly.overage_messages + case when usage_monthly.ai_messages >= ${o.maxAiMessages} then 1 else 0 end
      returning 1)
    select (select count(*) from m) as m, (select count(*) from b) as b, (select count(*) from c) as c, (select count(*) from u) as u`);
}

/** An echo of our send stored on its own before we knew the gateway's id: ours is the message. */
export async function dropEchoCopy(db: Db, convId: string, externalId: string, keepId: string): Promise<void> {
  await db.execute(sql`delete from messages where conv_id = ${convId} and external_id = ${externalId} and id <> ${keepId}`);
}
