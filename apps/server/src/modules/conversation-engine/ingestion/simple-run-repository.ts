import { sql } from 'drizzle-orm';
import type { EngineDeps } from '../engine-deps.ts';
import { execPrepared } from '../../../db/prepared.ts';
import type { ConversationSqlRow, MessageSqlRow, SqlJson, SqlTimestamp } from '../sql-rows.ts';
import { burstDueSql, capIntervalSql, quietIntervalSql } from '../../../domain/conversation-rules/burst-due.ts';
import { aiResumesNowSql } from '../../../domain/conversation-rules/ai-resume.ts';
import { aiRepliesSql, aiStartsOnSql } from '../../../domain/conversation-rules/whom-ai-answers.ts';

/**
 * The one statement of a run of simple messages (ingest-batch.ts): conversations created or touched,
 * messages inserted once, bursts opened or extended, open bursts of opted-out conversations
 * cancelled, the events marked processed. Each write is a CTE built below; the statement's text is
 * the same for every run (a named prepared statement): the batch goes in as two JSON parameters.
 */

/** What a batch does to one conversation (the `k` rows). */
export interface ChatChange {
  number_id: string;
  jid: string;
  user_id: string;
  phone: string | null;
  /** Meta's business-scoped user id of the contact, beside the phone (docs/decisions/062-bsuid-contacts.md). */
  contact_user_id: string | null;
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

/** One message of the batch, in arrival order `i` (the `v` rows). */
export interface BatchMessage {
  i: number;
  number_id: string;
  jid: string;
  user_id: string;
  ext_id: string;
  content: string | null;
  type: string;
  created_at: Date;
}

/** The statement's rows: each conversation, message and burst it wrote, then its counts ('done'). */
export type SimpleRunRow =
  | {
      kind: 'conversation';
      /** With its owner's phone, to tell the owner's channel (realtime-events.ts). */
      data: SqlJson<
        ConversationSqlRow & { created: boolean; owner_phone: string | null; owner_country_code: string | null }
      >;
    }
  | { kind: 'message'; data: SqlJson<MessageSqlRow> }
  | { kind: 'burst'; data: SqlJson<{ id: string; due_at: SqlTimestamp }> }
  | { kind: 'done'; data: SqlJson<{ processed: number; cancelled: number }> };

export function runSimpleRunStatement(
  deps: EngineDeps,
  batch: { chats: Iterable<ChatChange>; msgs: BatchMessage[]; eventIds: string[] },
) {
  return execPrepared<SimpleRunRow>(
    deps.database,
    'engine_ingest_simple_messages',
    sql`
      with v as (
        select * from jsonb_to_recordset(${JSON.stringify(batch.msgs)}::jsonb)
          as v(i int, number_id uuid, jid text, user_id text, ext_id text, content text, type text, created_at timestamptz)),
      k as (
        select * from jsonb_to_recordset(${JSON.stringify([...batch.chats])}::jsonb)
          as k(number_id uuid, jid text, user_id text, phone text, contact_user_id text, name text, type text, last_at timestamptz, preview text,
               unread int, opt_out boolean, first_at timestamptz, last_fresh_at timestamptz, first_created_at timestamptz)),
      c as (${upsertConversationsSql()}),
      m as (${insertMessagesSql()}),
      e as (
        select c.id as conv_id, c.user_id, k.first_at, k.last_fresh_at as last_at,
               ${quietIntervalSql(sql`a.timing`, deps.config.minQuietMs)} as quiet
        from c join k on k.number_id = c.number_id and k.jid = c.contact_jid
        join numbers n on n.id = c.number_id join agentes a on a.id = n.agente
        where k.first_at is not null and ${aiRepliesSql('c', sql`a.active`)}
          and exists (select 1 from m where m.conv_id = c.id)),
      b as (${upsertBurstsSql()}),
      x as (
        update reply_bursts set state = 'cancelled', reason = 'opt-out', claim_token = null, updated_at = now()
        where state in ('waiting', 'generating')
          and conv_id in (select c.id from c join k on k.number_id = c.number_id and k.jid = c.contact_jid where k.opt_out)
        returning id),
      p as (
        update gateway_events set processed_at = now()
        -- An array of keys, not "in (select …)": looked up by primary key, not by a scan of the table (docs/performance.md).
        where id = any(array(select jsonb_array_elements_text(${JSON.stringify(batch.eventIds)}::jsonb)::uuid))
        returning id)
      select 'conversation' as kind,
             to_jsonb(c) || jsonb_build_object('instance_name', num.instance_name, 'number_phone', num.phone, 'number_apelido', num.apelido,
                                               'owner_phone', pr.phone, 'owner_country_code', pr.country_code) as data
      from c join numbers num on num.id = c.number_id left join profiles pr on pr.id = c.user_id
      union all select 'message', to_jsonb(m) from m
      union all select 'burst', jsonb_build_object('id', b.id, 'due_at', b.due_at) from b
      union all select 'done', jsonb_build_object('processed', (select count(*) from p), 'cancelled', (select count(*) from x))`,
  );
}

/** `c`: each chat's conversation created or touched (last message, preview, unread, name; AI on/off). */
function upsertConversationsSql() {
  // The conversation rules, as SQL fragments beside their TypeScript (domain/conversation-rules/).
  const startsOn = aiStartsOnSql({
    type: sql`k.type`,
    neverAnswer: sql`(na.contact_jid is not null)`,
    firstMessageAt: sql`k.first_created_at`,
    aiAudience: sql`kn.ai_audience`,
    connectedAt: sql`kn.connected_at`,
  });
  const resumes = aiResumesNowSql('cv');
  return sql`
        insert into conversations as cv (user_id, number_id, contact_jid, contact_phone, contact_user_id, contact_name, type,
                                         agente_ativo, opted_out, never_answer, last_message, last_message_preview,
                                         unread_count, customer_last_at)
        -- Whom the AI answers (decision 015): domain/conversation-rules/whom-ai-answers.ts.
        select k.user_id, k.number_id, k.jid, k.phone, k.contact_user_id, k.name, k.type,
               ${startsOn} and not k.opt_out,
               k.opt_out, na.contact_jid is not null, k.last_at, k.preview, k.unread, k.last_at
        from k join numbers kn on kn.id = k.number_id
        left join never_answer_contacts na on na.user_id = k.user_id and na.contact_jid = k.jid
        order by k.number_id, k.jid
        on conflict (number_id, contact_jid) do update set
          last_message_preview = case when excluded.last_message >= cv.last_message then excluded.last_message_preview else cv.last_message_preview end,
          last_message = greatest(cv.last_message, excluded.last_message),
          unread_count = cv.unread_count + excluded.unread_count,
          -- A run holds the customer's messages only: the 24-hour window of Cloud API numbers starts at the newest.
          customer_last_at = greatest(cv.customer_last_at, excluded.customer_last_at),
          contact_name = coalesce(cv.contact_name, excluded.contact_name),
          contact_user_id = coalesce(excluded.contact_user_id, cv.contact_user_id),
          -- The AI's quiet time after a takeover or handoff is over: back on (domain/conversation-rules/ai-resume.ts).
          agente_ativo = (cv.agente_ativo or ${resumes}) and not excluded.opted_out,
          handoff_reason = case when ${resumes} then null else cv.handoff_reason end,
          ai_resumes_at = case when excluded.opted_out or ${resumes} then null else cv.ai_resumes_at end,
          opted_out = cv.opted_out or excluded.opted_out
        returning cv.*, (xmax = 0) as created`;
}

/** `m`: the messages, inserted once per (conversation, external id). */
function insertMessagesSql() {
  return sql`
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
        returning *`;
}

/** `b`: a burst opened or extended for each conversation the AI answers (`e`: its agent's delay as quiet time). */
function upsertBurstsSql() {
  const quiet = sql`e.quiet`;
  return sql`
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
        returning id, due_at`;
}
