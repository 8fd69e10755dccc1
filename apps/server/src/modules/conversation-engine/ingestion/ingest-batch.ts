import type { GatewayMessage } from '../../../integrations/gateway/gateway.ts';
import type { EngineDeps } from '../engine-deps.ts';
import { ownerChannelOf, PendingRealtimeEvents } from '../realtime-events.ts';
import { pgErrorCode } from '../../../db/pg-error.ts';
import { conversationRowFromSql, messageRecordFromSql, parsedJson } from '../sql-rows.ts';
import { type ChatChange, runSimpleRunStatement, type SimpleRunRow } from './simple-run-repository.ts';
import { ingestGatewayEvent, type IngestInput, isStandby } from './ingest-gateway-event.ts';
import type { IngestOutcome } from './ingest-outcome.ts';
import {
  mapGatewayMessage,
  type MappedMessage,
  messagePreview,
} from '../../../integrations/gateway/map-gateway-message.ts';
import { isStale } from '../reply-rules.ts';
import { isOptOut } from '../../../domain/conversation-rules/opt-out.ts';
import { withRetry } from '../../../lib/retry.ts';
import { handleOwnerReplies, ownerRepliesOf } from '../approval/owner-replies.ts';
import { handlePayerDocuments, payerDocumentsOf } from './payer-documents.ts';
import type { EngineEvent } from '../../../domain/engine-events/engine-events.ts';
import { publishEngineEvents } from '../../../domain/engine-events/event-job.ts';
import { chatsKeyedByUserIdElsewhere } from '../engine-repository.ts';
import { takeBackUnread } from './ingestion-repository.ts';
import { linkCodeOf, mayCarryAd } from '../../../domain/ad-attribution/message-source.ts';

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
    const all = run;
    run = [];
    // A chat whose conversation is keyed by the BSUID alone while this message brings the phone: one by one,
    // so it adopts the phone there (upsert-conversation.ts) instead of a second conversation being opened.
    const apart = await chatsKeyedByUserIdElsewhere(
      deps.db,
      all.flatMap(({ msg, input }) =>
        msg.chat.userId ? [{ numberId: input.number.id, userId: msg.chat.userId, jid: msg.chat.jid }] : [],
      ),
    );
    const isApart = ({ msg, input }: FastItem) =>
      Boolean(msg.chat.userId) && apart.has(`${input.number.id}|${msg.chat.userId}`);
    const items = all.filter((item) => !isApart(item));
    const results = items.length > 0 ? await ingestSimpleRun(deps, items) : [];
    items.forEach((item, i) => (outcomes[item.index] = results[i]!));
    for (const item of all.filter(isApart)) outcomes[item.index] = await ingestOne(deps, item.input);
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
  // The owner's '1' / '2' answering an approval alert (decision 045): handled after the batch, in order.
  const replies = ownerRepliesOf(inputs, outcomes);
  if (replies.length > 0) void handleOwnerReplies(deps, replies);
  // A customer's CPF or CNPJ for a Pix charge that waits for it (decision 038).
  const documents = payerDocumentsOf(inputs, outcomes);
  if (documents.length > 0) await handlePayerDocuments(deps, documents);
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
  // A customer known only by Meta's BSUID (no phone): its conversation may be found by it, one by one.
  if (msg.chat.userId && !msg.chat.phone) return null;
  // An opt-out word ('PARE') is rare and changes the conversation for good: one by one, in arrival order,
  // so a burst the same contact opened earlier in the batch is cancelled exactly as it is when the two
  // messages arrive apart (ingest-parity.test.ts).
  if (isOptOut(msg.content)) return null;
  // A message from an ad or a 'Link de origem' records its source: one by one (ordinary messages write nothing more).
  if (mayCarryAd(input.data) || linkCodeOf(msg.content)) return null;
  // A message while Meta's agent holds the thread (`standby`) is stored and not answered: one by one.
  if (isStandby(input.data)) return null;
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
  const rows = await runSimpleRunStatement(deps, {
    chats: plan.chats.values(),
    msgs: plan.msgs,
    eventIds: plan.eventIds,
  });
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
      contact_user_id: p.msg.chat.userId ?? null,
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
/** The statement's rows → outcomes per event and realtime events; takes back the unread count of duplicates. */
async function finishSimpleRun(deps: EngineDeps, prepared: SimpleRunPlan['prepared'], rows: SimpleRunRow[]) {
  const events = new PendingRealtimeEvents();
  const convByKey = new Map<string, string>();
  const inserted = new Set<string>();
  const messageIds = new Map<string, string>();
  const bursts: Date[] = [];
  for (const r of rows) {
    if (r.kind === 'conversation') {
      const data = parsedJson(r.data);
      convByKey.set(chatKey(data.number_id, data.contact_jid), data.id);
      const ownerChannel = ownerChannelOf({
        contactPhone: data.contact_phone ?? null,
        ownerPhone: data.owner_phone,
        ownerCountryCode: data.owner_country_code,
      });
      events.conversationRow(conversationRowFromSql(data), data.created ? 'created' : 'updated', { ownerChannel });
    } else if (r.kind === 'message') {
      const row = messageRecordFromSql(parsedJson(r.data));
      inserted.add(`${row.convId}|${row.externalId}`);
      messageIds.set(`${row.convId}|${row.externalId}`, row.id);
      events.message(row, 'created');
    } else if (r.kind === 'burst') bursts.push(new Date(parsedJson(r.data).due_at));
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
    await takeBackUnread(deps.db, convId, n);
  }

  for (const dueAt of bursts) deps.replies.wake(dueAt);
  // The inbox's events go out while the AI works (handed over in order: before the answer's own).
  void events.publish(deps);
  await publishWrote(deps, prepared, outcomes, convByKey, messageIds);
  return { outcomes, bursts };
}

/**
 * 'customer.wrote' for each fresh message the run stored (docs/decisions/060-events-features-listen.md):
 * a hint, delivered in process; while nothing listens, not even built.
 */
async function publishWrote(
  deps: EngineDeps,
  prepared: SimpleRunPlan['prepared'],
  outcomes: IngestOutcome[],
  convByKey: Map<string, string>,
  messageIds: Map<string, string>,
) {
  if (!deps.events.listens('customer.wrote')) return;
  const events = prepared.flatMap((p, i): EngineEvent[] => {
    const convId = convByKey.get(p.key);
    const messageId = messageIds.get(`${convId}|${p.msg.externalId}`);
    if (outcomes[i] !== 'stored' || !p.fresh || !convId || !messageId) return [];
    const payload = { userId: p.input.number.userId, convId, messageId, text: p.msg.content ?? null };
    return [{ name: 'customer.wrote', payload }];
  });
  await publishEngineEvents(deps, { key: 'wrote', afterBurst: null, events });
}
