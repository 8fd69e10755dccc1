import type { Db } from '../../../db/client.ts';
import type { GatewayMessage } from '../../../integrations/gateway/gateway.ts';
import type { EngineDeps } from '../engine-deps.ts';
import { PendingRealtimeEvents } from '../realtime-events.ts';
import {
  type ConversationRecord,
  findAgent,
  findConversationByChat,
  findInflightOutgoing,
  findNumberForEngine,
  insertMessageOnce,
  markEventProcessed,
  messageExists,
  type MessageRecord,
  switchAiOff,
  touchConversation,
  upsertBurst,
} from '../engine-repository.ts';
import { upsertConversation } from './upsert-conversation.ts';
import { linkEchoRow, switchAiOffForOwnersChat } from './ingestion-repository.ts';
import {
  mapGatewayMessage,
  type MappedMessage,
  messagePreview,
} from '../../../integrations/gateway/map-gateway-message.ts';
import { isStale } from '../reply-rules.ts';
import { isOptOut } from '../../../domain/conversation-rules/opt-out.ts';
import { optedOutEvent, recordOptOut } from '../../../domain/opt-out/opt-out-repository.ts';
import { publishEngineEvents } from '../../../domain/engine-events/event-job.ts';
import { quietWindow } from '../../../domain/conversation-rules/burst-due.ts';
import { aiReplies } from '../../../domain/conversation-rules/whom-ai-answers.ts';
import { postponeResume, resumeIfDue } from '../../../domain/handoff/hand-over.ts';
import { applyMessageChange } from './apply-message-change.ts';
import { recordMetaAgentHolds } from '../../../domain/conversation-rules/meta-agent-holds.ts';
import type { IngestOutcome } from './ingest-outcome.ts';
import { applyDeliveryStatus } from './apply-delivery-status.ts';
import { applyContactNames } from './apply-contact-names.ts';
import { measureAudioSeconds } from '../../../domain/media-insights/audio-duration.ts';
import { adSourceOf, linkCodeOf } from '../../../domain/ad-attribution/message-source.ts';
import { type ArrivalSource, recordMessageSource } from '../../../domain/ad-attribution/sources-repository.ts';

export interface IngestInput {
  /** gateway_events.id, marked processed when done (null when not stored). */
  eventId: string | null;
  number: { id: string; userId: string; instanceName: string };
  event: string;
  data: unknown;
  /** When the webhook arrived: staleness is judged against it, not against processing time. */
  receivedAt: Date;
}

/**
 * Applies one stored gateway event (messages.upsert, send.message, messages.update, contacts.upsert).
 * Idempotent: a replay stores nothing new and schedules nothing new, because every side effect
 * happens in the transaction that inserted the message row, and that insert is once per
 * (conversation, gateway message id).
 */
export async function ingestGatewayEvent(deps: EngineDeps, input: IngestInput): Promise<IngestOutcome> {
  let outcome: IngestOutcome;
  switch (input.event) {
    case 'messages.upsert':
    case 'send.message':
      outcome = await ingestMessages(deps, input);
      break;
    case 'messages.update':
      outcome = await applyDeliveryStatus(deps, input.number.id, asList(input.data));
      break;
    case 'contacts.upsert':
    case 'contacts.update':
      outcome = await applyContactNames(deps, input.number.id, asList(input.data));
      break;
    default:
      outcome = 'ignored';
  }
  if (input.eventId) await markEventProcessed(deps.db, input.eventId);
  return outcome;
}

/** A Cloud message that came on the webhook's `standby` field (map-cloud-webhook.ts marks it). */
export const isStandby = (data: unknown): boolean =>
  Boolean(data && typeof data === 'object' && (data as { standby?: unknown }).standby === true);

/** `data` may be one object or an array of them (Baileys batches). */
const asList = (data: unknown): unknown[] => (Array.isArray(data) ? data : [data]);

async function ingestMessages(deps: EngineDeps, input: IngestInput): Promise<IngestOutcome> {
  let outcome: IngestOutcome = 'ignored';
  for (const item of asList(input.data)) {
    const mapped = mapGatewayMessage(item as GatewayMessage);
    if (!mapped) continue;
    outcome = await ingestMessage(deps, input, item as GatewayMessage, mapped);
  }
  return outcome;
}

/** One message being ingested: what the steps below share. */
interface Arrival {
  deps: EngineDeps;
  input: IngestInput;
  msg: MappedMessage;
  /** The stored media file, when the message has media and it could be stored. */
  media: { url: string; size: number; duration: number | null } | null;
  createdAt: Date;
  /** Not history sync: may be answered, may be a takeover. */
  fresh: boolean;
  numberRow: Awaited<ReturnType<typeof findNumberForEngine>>;
  agent: Awaited<ReturnType<typeof findAgent>>;
  events: PendingRealtimeEvents;
  /** The ad or 'Link de origem' the customer's message came from (docs/decisions/071-ad-attribution.md). */
  source: ArrivalSource | null;
}

/** What the transaction stored; `wrote`: a customer's fresh message; `optOutId`: the opt-out it recorded. */
type Stored =
  | { outcome: 'echo' | 'duplicate' }
  | {
      outcome: 'stored';
      burst?: { dueAt: Date };
      wrote?: { convId: string; messageId: string; text: string | null };
      optOutId?: string;
    };

/**
 * One message of a messages.upsert or send.message event: stored once, its conversation touched, the
 * AI switched off or back on as the owner's and the customer's messages say, and a reply burst opened
 * or extended when the AI answers it — all in one transaction.
 */
async function ingestMessage(
  deps: EngineDeps,
  input: IngestInput,
  raw: GatewayMessage,
  mapped: MappedMessage,
): Promise<IngestOutcome> {
  const { number } = input;
  // The ad or link the customer came from; a link's code is taken out of what is stored (and what the AI reads).
  const { msg, source } = arrivalSource(raw, mapped);
  // Status posts and channels are not conversations.
  if (/@(broadcast|newsletter)$/.test(msg.chat.jid)) return 'ignored';
  // A reaction, deletion or edit is not a turn: it changes the message it refers to (apply-message-change.ts).
  if (msg.change) return applyMessageChange(deps, number.id, msg, msg.change);

  // A replay of a media message must not store the file again: look first. (Text replays are
  // stopped by the insert itself, ON CONFLICT DO NOTHING.)
  let ours = false;
  if (msg.media) {
    const known = await findConversationByChat(deps.db, number.id, msg.chat);
    if (known && (await messageExists(deps.db, known.id, msg.externalId))) return 'duplicate';
    // The echo of a photo this app is sending (a catalogue photo): linked below, its file is stored already.
    ours = Boolean(known && msg.fromMe && (await findInflightOutgoing(deps.db, known.id, msg.content)));
  }

  const media = msg.media && !ours ? await saveMedia(deps, input, raw, msg) : null;
  // WhatsApp's time has second precision: live messages keep their arrival order (ms), old ones
  // (history sync) their own time so they land in the past of the conversation.
  const createdAt =
    msg.sentAt && input.receivedAt.getTime() - msg.sentAt.getTime() > 5_000 ? msg.sentAt : input.receivedAt;
  // History sync and reconnects deliver old messages: stored, never answered, never a takeover.
  const fresh = !isStale(msg.sentAt, input.receivedAt, deps.config.staleMs);
  const events = new PendingRealtimeEvents();

  // The number's agent decides the quiet time; read outside the transaction (it changes rarely).
  const numberRow = await findNumberForEngine(deps.db, number.id);
  const agent = numberRow?.agente ? await findAgent(deps.db, numberRow.agente) : null;

  const arrival: Arrival = { deps, input, msg, media, createdAt, fresh, numberRow, agent, events, source };
  const result = await deps.db.transaction((tx) => storeArrival(tx, arrival));

  if (result.outcome === 'stored' || result.outcome === 'echo') await events.publish(deps);
  if (result.outcome === 'stored') await publishArrival(deps, number.userId, result);
  if ('burst' in result && result.burst) deps.replies.wake(result.burst.dueAt);
  return result.outcome;
}

/**
 * The arrival's events, once committed (docs/decisions/060-events-features-listen.md): the customer
 * wrote (a hint: nothing is queued, and nothing runs while nobody listens) and the opt-out it recorded.
 */
async function publishArrival(deps: EngineDeps, accountId: string, stored: Stored & { outcome: 'stored' }) {
  if (stored.wrote)
    await publishEngineEvents(deps, {
      key: `wrote:${stored.wrote.messageId}`,
      afterBurst: null,
      events: [{ name: 'customer.wrote', payload: { userId: accountId, ...stored.wrote } }],
    });
  if (stored.optOutId && stored.wrote)
    await publishEngineEvents(
      deps,
      optedOutEvent({ userId: accountId, convId: stored.wrote.convId, source: 'customer_words' }, stored.optOutId),
    );
}

/** A customer's ad (Cloud referral, a QR phone's ad reply) or link code; the message without the code. */
function arrivalSource(raw: GatewayMessage, msg: MappedMessage): { msg: MappedMessage; source: ArrivalSource | null } {
  if (msg.fromMe || msg.chat.isGroup) return { msg, source: null };
  const ad = adSourceOf(raw);
  if (ad) return { msg, source: ad };
  const link = linkCodeOf(msg.content);
  if (!link) return { msg, source: null };
  return { msg: { ...msg, content: link.text }, source: { kind: 'link', code: link.code } };
}

/** The transaction: conversation, message (or the echo of our own send), AI switches, reply burst. */
async function storeArrival(tx: Db, a: Arrival): Promise<Stored> {
  const { input, msg, events } = a;
  const { number } = input;
  const { conversation, created } = await upsertConversation(tx, {
    accountId: number.userId,
    numberId: number.id,
    chat: msg.chat,
    contactName: msg.chat.isGroup ? null : msg.pushName,
    at: a.createdAt,
    audience: a.numberRow ?? undefined,
  });
  events.conversation(conversation.id, created ? 'created' : 'updated');
  if (msg.fromMe && (await linkEcho(tx, conversation.id, msg, events))) return { outcome: 'echo' };

  const row = await insertArrival(tx, a, conversation.id);
  if (!row) return { outcome: 'duplicate' };
  events.message(row, 'created');
  if (a.source)
    await recordMessageSource(tx, {
      userId: number.userId,
      convId: conversation.id,
      messageId: row.id,
      at: a.createdAt,
      source: a.source,
    });

  const inbound = !msg.fromMe;
  let conv = await touchConversation(tx, conversation.id, {
    at: a.createdAt,
    preview: messagePreview(msg),
    unreadIncrement: inbound ? 1 : 0,
    contactName: inbound && !msg.chat.isGroup ? msg.pushName : null,
    customerWrote: inbound,
  });
  conv = await switchAi(tx, a, conv, created);
  // Meta's own agent holds the thread (the webhook's `standby` field): stored and shown, never answered.
  if (inbound && isStandby(input.data)) {
    await recordMetaAgentHolds(tx, conv.id);
    return { outcome: 'stored' };
  }
  if (!inbound || !a.fresh) return { outcome: 'stored' };
  const wrote = { convId: conv.id, messageId: row.id, text: msg.content ?? null };

  if (row.optOut) {
    // Silence at once: the AI off for good and its open burst cancelled (decision 048); the planned
    // follow-ups are cancelled by their listener of 'customer.opted_out', published once this commits.
    const optOutId = await recordOptOut(tx, {
      userId: number.userId,
      convId: conv.id,
      source: 'customer_words',
      messageId: row.id,
    });
    return { outcome: 'stored', wrote, ...(optOutId ? { optOutId } : {}) };
  }
  if (!a.agent || !aiReplies(conv, a.agent)) return { outcome: 'stored', wrote };

  const window = quietWindow(a.agent.timing, a.deps.config.minQuietMs);
  const burst = await upsertBurst(tx, { userId: number.userId, convId: conv.id, at: input.receivedAt, ...window });
  return { outcome: 'stored', burst, wrote };
}

/**
 * The gateway's echo of something this app is sending right now: link it, store nothing new. A row
 * marked failed whose send did reach WhatsApp after all (its echo arrived late) becomes sent; the
 * echo is never shown as a message of its own (docs/decisions/005-conversation-engine.md).
 */
async function linkEcho(tx: Db, convId: string, msg: MappedMessage, events: PendingRealtimeEvents): Promise<boolean> {
  const inflight = await findInflightOutgoing(tx, convId, msg.content);
  if (!inflight) return false;
  const [linked] = await linkEchoRow(tx, inflight, msg.externalId);
  if (!linked) return false;
  if (inflight.status === 'failed') events.message(linked, 'updated');
  return true;
}

/** The message row, inserted once per (conversation, gateway id); null for a replay. */
function insertArrival(
  tx: Db,
  { input, msg, media, createdAt }: Arrival,
  convId: string,
): Promise<MessageRecord | null> {
  const inbound = !msg.fromMe;
  return insertMessageOnce(tx, {
    userId: input.number.userId,
    convId,
    direction: inbound ? 'in' : 'out',
    content: msg.content,
    fromMe: msg.fromMe,
    author: inbound ? 'contact' : input.event === 'send.message' ? 'owner_app' : 'owner_phone',
    messageType: msg.type,
    status: inbound ? 'received' : 'sent',
    externalId: msg.externalId,
    mediaUrl: media?.url ?? null,
    mediaFilename: msg.media?.filename ?? null,
    mediaMimetype: msg.media?.mimetype ?? null,
    mediaSize: media?.size ?? msg.media?.size ?? null,
    mediaDuration: msg.media?.duration ?? media?.duration ?? null,
    mediaWidth: msg.media?.width ?? null,
    mediaHeight: msg.media?.height ?? null,
    // Opt-out is read once, here, and kept as a fact (domain/conversation-rules/opt-out.ts).
    optOut: inbound && isOptOut(msg.content),
    createdAt,
  });
}

/** The AI switched off (a chat the owner started, the owner on the phone) or back on (quiet time over). */
async function switchAi(tx: Db, a: Arrival, conversation: ConversationRecord, created: boolean) {
  const { msg, input, fresh } = a;
  let conv = conversation;
  // A chat the owner started (its first message is the owner's): the AI stays off until the owner
  // switches it on — no quiet time, it does not come back by itself (decision 015).
  if (msg.fromMe && created && fresh && conv.agenteAtivo) {
    const [off] = await switchAiOffForOwnersChat(tx, conv.id);
    conv = off!;
  }
  // Human takeover: the owner wrote on the phone (a fromMe message this app did not send).
  if (msg.fromMe && input.event === 'messages.upsert' && fresh && conv.agenteAtivo) {
    conv = await switchAiOff(tx, conv.id, { optOut: false, reason: 'takeover' });
    a.deps.log.info({ convId: conv.id }, 'engine: owner wrote from the phone, AI switched off for the conversation');
  } else if (msg.fromMe && input.event === 'messages.upsert' && fresh && conv.aiResumesAt) {
    await postponeResume(tx, conv.id); // the owner is still talking: the quiet time starts again
  }
  // The AI's quiet time after a takeover or handoff is over: this customer message is the first it
  // answers (the rule: domain/conversation-rules/ai-resume.ts, checked by resumeIfDue in the database).
  if (!msg.fromMe && !conv.agenteAtivo && conv.aiResumesAt && (await resumeIfDue(tx, conv.id)))
    conv = { ...conv, agenteAtivo: true, aiResumesAt: null, handoffReason: null };
  return conv;
}

/** Stores the media of a message (webhook base64, else the gateway's media call); null when it cannot. */
async function saveMedia(deps: EngineDeps, input: IngestInput, raw: GatewayMessage, msg: MappedMessage) {
  const m = msg.media!;
  try {
    let base64 = m.base64;
    let mimetype = m.mimetype;
    if (!base64) {
      const fetched = await deps.gateway.mediaBase64(input.number.instanceName, { key: raw.key, message: raw.message });
      base64 = fetched?.base64 ?? null;
      mimetype ??= fetched?.mimetype ?? null;
    }
    if (!base64) return null;
    const data = Buffer.from(base64.replace(/^data:[^,]*,/, ''), 'base64');
    if (data.length === 0) return null;
    const stored = await deps.storage.save(input.number.userId, data, {
      mimetype: mimetype ?? 'application/octet-stream',
      filename: m.filename,
    });
    // Audio whose length the gateway did not declare (Meta's webhook never does): read from the file.
    const measured =
      msg.type === 'audio' && m.duration === null ? await measureAudioSeconds(data, mimetype ?? null) : null;
    return { url: stored.url, size: stored.size, duration: measured === null ? null : Math.round(measured) };
  } catch (err) {
    deps.log.warn(
      { err, instance: input.number.instanceName, messageId: msg.externalId },
      'engine: media could not be stored',
    );
    return null;
  }
}
