import { sql } from 'drizzle-orm';
import type { GatewayMessage } from '../../../integrations/gateway/gateway.ts';
import type { EngineDeps } from '../engine-deps.ts';
import { PendingRealtimeEvents } from '../realtime-events.ts';
import { execPrepared } from '../../../db/prepared.ts';
import { pgErrorCode } from '../../../db/pg-error.ts';
import { conversationRowFromSql, messageRecordFromSql } from '../engine-repository.ts';
import { ingestGatewayEvent, type IngestInput } from './ingest-gateway-event.ts';
import type { IngestOutcome } from './ingest-outcome.ts';
import {
  mapGatewayMessage,
  type MappedMessage,
  messagePreview,
} from '../../../integrations/gateway/map-gateway-message.ts';
import { isStale } from '../reply-rules.ts';
import { isOptOut } from '../../../domain/conversation-rules/opt-out.ts';
import { burstDueSql, capIntervalSql, quietIntervalSql } from '../../../domain/conversation-rules/burst-due.ts';
import { aiResumesNowSql } from '../../../domain/conversation-rules/ai-resume.ts';
import { aiRepliesSql, aiStartsOnSql } from '../../../domain/conversation-rules/whom-ai-answers.ts';
import { withRetry } from '../../../lib/retry.ts';

/**
 * Ingestion of many gateway events at once (group commit, docs/performance.md). The common case, a
 * customer's message without media from a phone JID, is applied set-based: a handful of statements
 * in one transaction for the whole batch, whatever its size. Every other event (the owner's own
 * messages, media, @lid chats, receipts, contacts) goes through ingestGatewayEvent one by one.
 * Events are applied in arrival order: a run of simple messages is one step, each other event one.
 */
export async function ingestBatch(deps: EngineDeps, inputs: IngestInput[]): Promise<IngestOutcome[]> {
  const outcomes: IngestOutcome[] = new Array(inputs.length).fill('ignored');
  let run: FastItem[] = [];
  const flush = async () => {
    if (run.length === 0) return;
    const items = run;
    run = [];
    const results = await ingestSimpleRun(deps, items);
    items.forEach((item, i) => (outcomes[item.index] = results[i]!));
  };
  for (const [index, input] of inputs.entries()) {
    const msg = simpleMessage(input);
    if (msg) {
      run.push({ index, input, msg });
      continue;
    }
    await flush();
    outcomes[index] = await ingestOne(deps, input);
  }
  await flush();
  return outcomes;
}

interface FastItem {
  index: number;
  input: IngestInput;
  msg: MappedMessage;
}

/** A customer's message that the set-based path can take, mapped; null for everything else. */
export function simpleMessage(input: IngestInput): MappedMessage | null {
  if (input.event !== 'messages.upsert' || !input.data || typeof input.data !== 'object' || Array.isArray(input.data))
    return null;
  const msg = mapGatewayMessage(input.data as GatewayMessage);
  // Reactions, deletions and edits change another message: the one-by-one path applies them.
  if (!msg || msg.change || msg.fromMe || msg.media || msg.chat.lid || /@(broadcast|newsletter)$/.test(msg.chat.jid))
    return null;
  // An opt-out word ('PARE') is rare and changes the conversation for good: one by one, in arrival order,
  // so a burst the same contact opened earlier in the batch is cancelled exactly as it is when the two
  // messages arrive apart (ingest-parity.test.ts).
  if (isOptOut(msg.content)) return null;
  return msg;
}

/** One event the general way; a failure leaves it unprocessed for the recovery sweep. */
async function ingestOne(deps: EngineDeps, input: IngestInput): Promise<IngestOutcome> {
  try {
    return await ingestGatewayEvent(deps, input);
  } catch (err) {
    deps.log.warn({ err, eventId: input.eventId }, 'engine: event not ingested; the recovery sweep retries it');
    return 'ignored';
  }
}

const RETRYABLE = new Set(['40P01', '40001']); // deadlock, serialization failure

/** A run of simple messages in one transaction; on a lasting failure, each one the general way. */
async function ingestSimpleRun(deps: EngineDeps, items: FastItem[]): Promise<IngestOutcome[]> {
  try {
    return await withRetry(() => applySimpleRun(deps, items), {
      attempts: 3,
      baseMs: 20,
      shouldRetry: (err) => RETRYABLE.has(pgErrorCode(err) ?? ''),
    });
  } catch (err) {
    deps.log.warn({ err, events: items.length }, 'engine: batch ingestion failed; ingesting one by one');
    const out: IngestOutcome[] = [];
    for (const item of items) out.push(await ingestOne(deps, item.input));
    return out;
  }
}

const chatKey = (numberId: string, jid: string) => `${numberId}|${jid}`;

/**
 * A run of simple messages in ONE statement (no transaction round trips): conversations created or
 * touched (last message, preview, unread count, name; an opt-out word switches the AI off), messages
 * inserted once, a burst opened or extended for each conversation the AI answers (its agent's delay
 * as quiet time), open bursts of opted-out conversations cancelled, the events marked processed; it
 * answers the rows the inbox needs for its realtime events.
 */
async function applySimpleRun(deps: EngineDeps, items: FastItem[]): Promise<IngestOutcome[]> {
  const started = Date.now();
  const plan = planSimpleRun(deps, items);
  const rows = await runSimpleRunStatement(deps, plan);
  const { outcomes, bursts } = await finishSimpleRun(deps, plan.prepared, rows);
  deps.log.debug({ events: items.length, bursts: bursts.length, ms: Date.now() - started }, 'engine: batch ingested');
  return outcomes;
}

/** The batch as JSON rows: messages in arrival order and, per chat, what the batch does to its conversation. */
function planSimpleRun(deps: EngineDeps, items: FastItem[]) {
  const prepared = items.map(({ input, msg }, i) => {
    // Same rules as ingestGatewayEvent: history-sync messages keep their own time and are never answered.
    const createdAt =
      msg.sentAt && input.receivedAt.getTime() - msg.sentAt.getTime() > 5_000 ? msg.sentAt : input.receivedAt;
    const fresh = !isStale(msg.sentAt, input.receivedAt, deps.config.staleMs);
    return { i, input, msg, createdAt, fresh, key: chatKey(input.number.id, msg.chat.jid) };
  });
  // Arrival order within a chat (docs/decisions/005-conversation-engine.md): a message that arrived after another yet carries an
  // earlier time within the same second ties with it, and ties are stored in arrival order below.
  const lastAt = new Map<string, Date>();
  for (const p of prepared) {
    const prev = lastAt.get(p.key);
    if (prev && p.createdAt < prev && prev.getTime() - p.createdAt.getTime() < 1000) p.createdAt = prev;
    lastAt.set(p.key, p.createdAt);
  }

  // Per chat, what the batch does to its conversation.
  const chats = new Map<string, ChatChange>();
  for (const p of prepared) {
    const c: ChatChange = chats.get(p.key) ?? {
      number_id: p.input.number.id,
      jid: p.msg.chat.jid,
      user_id: p.input.number.userId,
      phone: p.msg.chat.phone,
      name: null,
      type: p.msg.chat.isGroup ? 'group' : 'chat',
      last_at: p.createdAt,
      preview: messagePreview(p.msg),
      unread: 0,
      opt_out: false,
      first_at: null,
      last_fresh_at: null,
      first_created_at: p.createdAt,
    };
    if (p.createdAt >= c.last_at) {
      c.last_at = p.createdAt;
      c.preview = messagePreview(p.msg);
    }
    c.unread += 1;
    if (p.createdAt < c.first_created_at) c.first_created_at = p.createdAt;
    if (!p.msg.chat.isGroup && p.msg.pushName) c.name = p.msg.pushName;
    if (p.fresh && isOptOut(p.msg.content)) c.opt_out = true;
    if (p.fresh) {
      const at = p.input.receivedAt;
      if (!c.first_at || at < c.first_at) c.first_at = at;
      if (!c.last_fresh_at || at > c.last_fresh_at) c.last_fresh_at = at;
    }
    chats.set(p.key, c);
  }
  const msgs = prepared.map((p) => ({
    i: p.i,
    number_id: p.input.number.id,
    jid: p.msg.chat.jid,
    user_id: p.input.number.userId,
    ext_id: p.msg.externalId,
    content: p.msg.content,
    type: p.msg.type,
    created_at: p.createdAt,
  }));
  const eventIds = items.map((i) => i.input.eventId).filter((id): id is string => id !== null);
  return { prepared, chats, msgs, eventIds };
}

type SimpleRunPlan = ReturnType<typeof planSimpleRun>;
type SimpleRunRow = { kind: 'conversation' | 'message' | 'burst'; data: Record<string, any> | string };

/** The one statement of a run (see applySimpleRun). */
function runSimpleRunStatement(deps: EngineDeps, { chats, msgs, eventIds }: SimpleRunPlan) {
  // The conversation rules, as SQL fragments beside their TypeScript (domain/conversation-rules/).
  const quiet = sql`e.quiet`;
  const startsOn = aiStartsOnSql({
    type: sql`k.type`,
    neverAnswer: sql`(na.contact_jid is not null)`,
    firstMessageAt: sql`k.first_created_at`,
    aiAudience: sql`kn.ai_audience`,
    connectedAt: sql`kn.connected_at`,
  });
  const resumes = aiResumesNowSql('cv');

  return execPrepared<SimpleRunRow>(
    deps.database,
    'engine_ingest_simple_messages',
    sql`
      with v as (
        select * from jsonb_to_recordset(${JSON.stringify(msgs)}::jsonb)
          as v(i int, number_id uuid, jid text, user_id text, ext_id text, content text, type text, created_at timestamptz)),
      k as (
        select * from jsonb_to_recordset(${JSON.stringify([...chats.values()])}::jsonb)
          as k(number_id uuid, jid text, user_id text, phone text, name text, type text, last_at timestamptz, preview text,
               unread int, opt_out boolean, first_at timestamptz, last_fresh_at timestamptz, first_created_at timestamptz)),
      c as (
        insert into conversations as cv (user_id, number_id, contact_jid, contact_phone, contact_name, type, agente_ativo, opted_out,
                                         never_answer, last_message, last_message_preview, unread_count)
        -- Whom the AI answers (decision 015): domain/conversation-rules/whom-ai-answers.ts.
        select k.user_id, k.number_id, k.jid, k.phone, k.name, k.type,
               ${startsOn} and not k.opt_out,
               k.opt_out, na.contact_jid is not null, k.last_at, k.preview, k.unread
        from k join numbers kn on kn.id = k.number_id
        left join never_answer_contacts na on na.user_id = k.user_id and na.contact_jid = k.jid
        order by k.number_id, k.jid
        on conflict (number_id, contact_jid) do update set
          last_message_preview = case when excluded.last_message >= cv.last_message then excluded.last_message_preview else cv.last_message_preview end,
          last_message = greatest(cv.last_message, excluded.last_message),
          unread_count = cv.unread_count + excluded.unread_count,
          contact_name = coalesce(cv.contact_name, excluded.contact_name),
          -- The AI's quiet time after a takeover or handoff is over: back on (domain/conversation-rules/ai-resume.ts).
          agente_ativo = (cv.agente_ativo or ${resumes}) and not excluded.opted_out,
          handoff_reason = case when ${resumes} then null else cv.handoff_reason end,
          ai_resumes_at = case when excluded.opted_out or ${resumes} then null else cv.ai_resumes_at end,
          opted_out = cv.opted_out or excluded.opted_out
        returning cv.*, (xmax = 0) as created),
      m as (
        insert into messages (user_id, conv_id, direction, content, from_me, author, message_type, status, external_id, created_at)
        -- Ties (same time) follow arrival: after the chat's messages already stored within that second,
        -- then in batch order (engine-repository.ts arrivalOrderedAt).
        select v.user_id, c.id, 'in', v.content, false, 'contact', v.type, 'received', v.ext_id,
               coalesce((select max(x.created_at) + interval '1 microsecond' from messages x
                         where x.conv_id = c.id and x.created_at >= v.created_at and x.created_at < v.created_at + interval '1 second'),
                        v.created_at)
               + make_interval(secs => (row_number() over (partition by c.id, v.created_at order by v.i) - 1) / 1000000.0)
        from v join c on c.number_id = v.number_id and c.contact_jid = v.jid
        order by v.i
        on conflict (conv_id, external_id) do nothing
        returning *),
      e as (
        select c.id as conv_id, c.user_id, k.first_at, k.last_fresh_at as last_at,
               ${quietIntervalSql(sql`a.timing`, deps.config.minQuietMs)} as quiet
        from c join k on k.number_id = c.number_id and k.jid = c.contact_jid
        join numbers n on n.id = c.number_id join agentes a on a.id = n.agente
        where k.first_at is not null and ${aiRepliesSql('c', sql`a.active`)}
          and exists (select 1 from m where m.conv_id = c.id)),
      b as (
        insert into reply_bursts (user_id, conv_id, first_message_at, last_message_at, due_at)
        select e.user_id, e.conv_id, e.first_at, e.last_at, ${burstDueSql(sql`e.first_at`, sql`e.last_at`, quiet, capIntervalSql(quiet))}
        from e order by e.conv_id
        on conflict (conv_id) where state in ('waiting', 'generating') do update set
          version = reply_bursts.version + 1,
          state = 'waiting',
          claim_token = null,
          last_message_at = greatest(reply_bursts.last_message_at, excluded.last_message_at),
          due_at = (select ${burstDueSql(sql`reply_bursts.first_message_at`, sql`greatest(reply_bursts.last_message_at, excluded.last_message_at)`, quiet, capIntervalSql(quiet))}
                    from e where e.conv_id = reply_bursts.conv_id),
          updated_at = now()
        returning id, due_at),
      x as (
        update reply_bursts set state = 'cancelled', reason = 'opt-out', claim_token = null, updated_at = now()
        where state in ('waiting', 'generating')
          and conv_id in (select c.id from c join k on k.number_id = c.number_id and k.jid = c.contact_jid where k.opt_out)
        returning id),
      p as (
        update gateway_events set processed_at = now()
        where id in (select jsonb_array_elements_text(${JSON.stringify(eventIds)}::jsonb)::uuid)
        returning id)
      select 'conversation' as kind,
             to_jsonb(c) || jsonb_build_object('instance_name', num.instance_name, 'number_phone', num.phone, 'number_apelido', num.apelido) as data
      from c join numbers num on num.id = c.number_id
      union all select 'message', to_jsonb(m) from m
      union all select 'burst', jsonb_build_object('id', b.id, 'due_at', b.due_at) from b
      union all select 'done', jsonb_build_object('processed', (select count(*) from p), 'cancelled', (select count(*) from x))`,
  );
}

/** The statement's rows → outcomes per event and realtime events; takes back the unread count of duplicates. */
async function finishSimpleRun(deps: EngineDeps, prepared: SimpleRunPlan['prepared'], rows: SimpleRunRow[]) {
  const events = new PendingRealtimeEvents();
  const convByKey = new Map<string, string>();
  const inserted = new Set<string>();
  const bursts: Date[] = [];
  for (const r of rows) {
    const data = typeof r.data === 'string' ? (JSON.parse(r.data) as Record<string, any>) : r.data;
    if (r.kind === 'conversation') {
      convByKey.set(chatKey(data.number_id, data.contact_jid), data.id);
      events.conversationRow(conversationRowFromSql(data), data.created ? 'created' : 'updated');
    } else if (r.kind === 'message') {
      const row = messageRecordFromSql(data);
      inserted.add(`${row.convId}|${row.externalId}`);
      events.message(row, 'created');
    } else if (r.kind === 'burst') bursts.push(new Date(data.due_at));
  }
  const outcomes = prepared.map((p): IngestOutcome => {
    const k = `${convByKey.get(p.key)}|${p.msg.externalId}`;
    if (!inserted.has(k)) return 'duplicate';
    inserted.delete(k); // a second copy in the same batch is a duplicate
    return 'stored';
  });
  // A message already stored (practically never here: the webhook receiver drops replays) was counted
  // as unread by the statement above: take it back.
  const duplicates = new Map<string, number>();
  prepared.forEach(
    (p, i) =>
      outcomes[i] === 'duplicate' &&
      duplicates.set(convByKey.get(p.key)!, (duplicates.get(convByKey.get(p.key)!) ?? 0) + 1),
  );
  for (const [convId, n] of duplicates) {
    await deps.db.execute(
      sql`update conversations set unread_count = greatest(0, unread_count - ${n}) where id = ${convId}`,
    );
  }

  for (const dueAt of bursts) deps.replies.wake(dueAt);
  // The inbox's events go out while the AI works (handed over in order: before the answer's own).
  void events.publish(deps);
  return { outcomes, bursts };
}

/** What a batch does to one conversation (the JSON rows of the statement above). */
interface ChatChange {
  number_id: string;
  jid: string;
  user_id: string;
  phone: string | null;
  name: string | null;
  type: 'chat' | 'group';
  last_at: Date;
  preview: string;
  unread: number;
  opt_out: boolean;
  /** Fresh messages only: when the burst's first and last of this batch arrived (null: none fresh). */
  first_at: Date | null;
  last_fresh_at: Date | null;
  /** The chat's oldest message of the batch (history sync keeps its own time): an old contact's under 'só contatos novos'. */
  first_created_at: Date;
}
