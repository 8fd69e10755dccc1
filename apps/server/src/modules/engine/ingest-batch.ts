import { getTableColumns, inArray, sql } from 'drizzle-orm';
import { conversations, gatewayEvents, messages } from '../../db/schema/index.ts';
import type { GatewayMessage } from '../../integrations/gateway/gateway.ts';
import type { EngineDeps } from './engine-deps.ts';
import { PendingEvents } from './engine-events.ts';
import { type ConversationRecord, type MessageRecord, pgErrorCode, rowsOf, switchAiOff } from './engine-repository.ts';
import { ingestGatewayEvent, type IngestInput, type IngestOutcome } from './ingest-gateway-event.ts';
import { mapGatewayMessage, type MappedMessage, messagePreview } from './map-gateway-message.ts';
import { BURST_CAP_MAX_MS, isOptOut, isStale } from './reply-rules.ts';
import { withRetry } from './retry.ts';

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
  if (input.event !== 'messages.upsert' || !input.data || typeof input.data !== 'object' || Array.isArray(input.data)) return null;
  const msg = mapGatewayMessage(input.data as GatewayMessage);
  if (!msg || msg.fromMe || msg.media || msg.chat.lid || /@(broadcast|newsletter)$/.test(msg.chat.jid)) return null;
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

/** The burst's cap from its quiet time, as quietWindow() computes it: 2 × quiet, at most 120 s, never under quiet. */
const capOf = (quiet: ReturnType<typeof sql>) => sql`greatest(${quiet}, least(${quiet} * 2, make_interval(secs => ${BURST_CAP_MAX_MS / 1000})))`;

const chatKey = (numberId: string, jid: string) => `${numberId}|${jid}`;

async function applySimpleRun(deps: EngineDeps, items: FastItem[]): Promise<IngestOutcome[]> {
  const now = Date.now();
  const prepared = items.map(({ input, msg }) => {
    // Same rules as ingestGatewayEvent: history-sync messages keep their own time and are never answered.
    const createdAt = msg.sentAt && input.receivedAt.getTime() - msg.sentAt.getTime() > 5_000 ? msg.sentAt : input.receivedAt;
    const fresh = !isStale(msg.sentAt, input.receivedAt, deps.config.staleMs);
    return { input, msg, createdAt, fresh, key: chatKey(input.number.id, msg.chat.jid) };
  });
  const events = new PendingEvents();
  const bursts: { id: string; dueAt: Date }[] = [];

  const outcomes = await deps.db.transaction(async (tx) => {
    // 1. The conversations, created when new (sorted: concurrent batches lock rows in one order).
    const chats = new Map<string, (typeof prepared)[number]>();
    for (const p of prepared) if (!chats.has(p.key)) chats.set(p.key, p);
    const chatRows = [...chats.values()]
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      .map((p) => ({
        userId: p.input.number.userId,
        numberId: p.input.number.id,
        contactJid: p.msg.chat.jid,
        contactLid: null,
        contactPhone: p.msg.chat.phone,
        contactName: p.msg.chat.isGroup ? null : p.msg.pushName,
        type: p.msg.chat.isGroup ? ('group' as const) : ('chat' as const),
        // Groups never get AI answers; the switch starts (and stays) off for them.
        agenteAtivo: !p.msg.chat.isGroup,
        lastMessage: p.createdAt,
        unreadCount: 0,
      }));
    const convs = await tx
      .insert(conversations)
      .values(chatRows)
      .onConflictDoUpdate({ target: [conversations.numberId, conversations.contactJid], set: { contactJid: sql`excluded.contact_jid` } })
      .returning({ ...getTableColumns(conversations), created: sql<boolean>`(xmax = 0)` });
    const convByKey = new Map(convs.map((c) => [chatKey(c.numberId, c.contactJid), c]));
    for (const c of convs) events.conversation(c.id, c.created ? 'created' : 'updated');

    // 2. The messages, once per (conversation, gateway id): a replay inserts nothing.
    const inserted = await tx
      .insert(messages)
      .values(
        prepared.map((p) => ({
          userId: p.input.number.userId,
          convId: convByKey.get(p.key)!.id,
          direction: 'in' as const,
          content: p.msg.content,
          fromMe: false,
          author: 'contact' as const,
          messageType: p.msg.type,
          status: 'received' as const,
          externalId: p.msg.externalId,
          createdAt: p.createdAt,
        })),
      )
      .onConflictDoNothing({ target: [messages.convId, messages.externalId] })
      .returning();
    const insertedByKey = new Map(inserted.map((m) => [`${m.convId}|${m.externalId}`, m]));
    const stored: ((typeof prepared)[number] & { row: MessageRecord; conv: ConversationRecord })[] = [];
    const outcomes: IngestOutcome[] = prepared.map((p) => {
      const conv = convByKey.get(p.key)!;
      const k = `${conv.id}|${p.msg.externalId}`;
      const row = insertedByKey.get(k);
      if (!row) return 'duplicate';
      insertedByKey.delete(k); // a second copy in the same batch is a duplicate
      stored.push({ ...p, row, conv });
      events.message(row, 'created');
      return 'stored';
    });

    // 3. In one statement: each conversation's last message, preview, unread count and name; a burst
    //    opened or extended for each conversation the AI answers (its agent's delay as quiet time);
    //    and these events marked processed (the recovery sweep only looks at unprocessed ones).
    const optOuts = new Set(stored.filter((s) => s.fresh && isOptOut(s.msg.content)).map((s) => s.conv.id));
    const touch = new Map<string, { id: string; at: Date; preview: string; unread: number; name: string | null; first_at: Date | null; last_at: Date | null; wants_reply: boolean }>();
    for (const s of stored) {
      const t = touch.get(s.conv.id) ?? { id: s.conv.id, at: s.createdAt, preview: messagePreview(s.msg), unread: 0, name: null, first_at: null, last_at: null, wants_reply: false };
      if (s.createdAt >= t.at) {
        t.at = s.createdAt;
        t.preview = messagePreview(s.msg);
      }
      t.unread += 1;
      if (!s.msg.chat.isGroup && s.msg.pushName) t.name = s.msg.pushName;
      // History-sync messages are never answered; an opt-out word closes the conversation to the AI.
      if (s.fresh && !optOuts.has(s.conv.id)) {
        const at = s.input.receivedAt;
        t.wants_reply = true;
        if (!t.first_at || at < t.first_at) t.first_at = at;
        if (!t.last_at || at > t.last_at) t.last_at = at;
      }
      touch.set(s.conv.id, t);
    }
    const eventIds = items.map((i) => i.input.eventId).filter((id): id is string => id !== null);
    const quiet = sql`make_interval(secs => e.quiet_ms / 1000.0)`;
    const rows = rowsOf<{ id: string; due_at: string | Date }>(
      await tx.execute(sql`
        with v as (
          select * from jsonb_to_recordset(${JSON.stringify([...touch.values()])}::jsonb)
            as v(id uuid, at timestamptz, preview text, unread int, name text, first_at timestamptz, last_at timestamptz, wants_reply boolean)),
        t as (
          update conversations c set
            last_message_preview = case when v.at >= c.last_message then v.preview else c.last_message_preview end,
            last_message = greatest(c.last_message, v.at),
            unread_count = c.unread_count + v.unread,
            contact_name = coalesce(c.contact_name, v.name)
          from v where c.id = v.id
          returning c.id, c.user_id, c.number_id, c.agente_ativo, c.opted_out, c.type),
        e as (
          select t.id as conv_id, t.user_id, v.first_at, v.last_at,
                 greatest(a.timing * 1000, ${deps.config.minQuietMs})::float8 as quiet_ms
          from t join v on v.id = t.id join numbers n on n.id = t.number_id join agentes a on a.id = n.agente
          where v.wants_reply and t.type = 'chat' and t.agente_ativo and not t.opted_out and a.active),
        b as (
          insert into reply_bursts (user_id, conv_id, first_message_at, last_message_at, due_at)
          select e.user_id, e.conv_id, e.first_at, e.last_at, least(e.last_at + ${quiet}, e.first_at + ${capOf(quiet)})
          from e order by e.conv_id
          on conflict (conv_id) where state in ('waiting', 'generating') do update set
            version = reply_bursts.version + 1,
            state = 'waiting',
            claim_token = null,
            last_message_at = greatest(reply_bursts.last_message_at, excluded.last_message_at),
            due_at = (select least(greatest(reply_bursts.last_message_at, excluded.last_message_at) + ${quiet}, reply_bursts.first_message_at + ${capOf(quiet)})
                      from e where e.conv_id = reply_bursts.conv_id),
            updated_at = now()
          returning id, due_at),
        p as (
          update gateway_events set processed_at = now()
          where id in (select jsonb_array_elements_text(${JSON.stringify(eventIds)}::jsonb)::uuid)
          returning id)
        select id, due_at, (select count(*) from p) as processed from b`),
    );
    for (const r of rows) bursts.push({ id: r.id, dueAt: new Date(r.due_at) });

    // 4. Opt-out words switch the AI off for the contact and cancel its open burst (rare: one by one).
    for (const convId of optOuts) await switchAiOff(tx, convId, { optOut: true, reason: 'opt-out' });
    return outcomes;
  });

  for (const b of bursts) deps.replies.wake(b.dueAt);
  // The inbox's events go out while the AI works (handed over in order: before the answer's own).
  void events.publish(deps);
  deps.log.debug({ events: items.length, bursts: bursts.length, ms: Date.now() - now }, 'engine: batch ingested');
  return outcomes;
}
