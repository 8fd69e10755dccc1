import { resultRows } from '../../db/rows.ts';
import { resumeAtOf } from '../../domain/handoff/hand-over.ts';
import { burstDueSql } from '../../domain/conversation-rules/burst-due.ts';
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  agentes,
  conversations,
  gatewayEvents,
  messages,
  numbers,
  plans,
  profiles,
  replyBursts,
  usageMonthly,
} from '../../db/schema/index.ts';
import { monthStart } from '../../domain/usage/get-current-usage.ts';
import type { MappedChat } from '../../integrations/gateway/map-gateway-message.ts';

/** Database access of the conversation engine. `db` may be a transaction. */

export type ConversationRecord = typeof conversations.$inferSelect;
export type MessageRecord = typeof messages.$inferSelect;
export type NewMessage = typeof messages.$inferInsert;
export type BurstRecord = typeof replyBursts.$inferSelect;
/** A burst's parts and events as stored (jsonb), for the engine's files that hand them on. */
export type { BurstEvents, BurstPart } from '../../db/schema/index.ts';

export async function findNumberForEngine(db: Db, numberId: string) {
  const [row] = await db
    .select({
      id: numbers.id,
      userId: numbers.userId,
      instanceName: numbers.instanceName,
      agente: numbers.agente,
      aiAudience: numbers.aiAudience,
      connectedAt: numbers.connectedAt,
    })
    .from(numbers)
    .where(eq(numbers.id, numberId))
    .limit(1);
  return row ?? null;
}

export async function findAgent(db: Db, agentId: string) {
  const [row] = await db.select().from(agentes).where(eq(agentes.id, agentId)).limit(1);
  return row ?? null;
}

/** The conversation of a chat on a number: by its JID, or by the @lid alias it was first seen under. */
export async function findConversationByChat(
  db: Db,
  numberId: string,
  chat: MappedChat,
): Promise<ConversationRecord | null> {
  const byLid = chat.lid ? [eq(conversations.contactLid, chat.lid), eq(conversations.contactJid, chat.lid)] : [];
  // Meta's BSUID (docs/decisions/062-bsuid-contacts.md): the conversation first seen by it or by the phone,
  // unless both name a phone and the phones differ (a new phone is a new BSUID at Meta: never merged).
  const samePerson = chat.phone
    ? or(isNull(conversations.contactPhone), eq(conversations.contactPhone, chat.phone))
    : undefined;
  const byUserId = chat.userId
    ? [and(eq(conversations.contactUserId, chat.userId), samePerson), eq(conversations.contactJid, chat.userId)]
    : [];
  const rows = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.numberId, numberId), or(eq(conversations.contactJid, chat.jid), ...byLid, ...byUserId)))
    .orderBy(sql`(${conversations.contactJid} = ${chat.jid}) desc`)
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Of these chats (number, Meta's BSUID, the JID a message names), the `numberId|userId` of those whose
 * conversation is keyed by the BSUID alone, before the phone came (docs/decisions/062-bsuid-contacts.md).
 */
export async function chatsKeyedByUserIdElsewhere(
  db: Db,
  chats: { numberId: string; userId: string; jid: string }[],
): Promise<Set<string>> {
  if (chats.length === 0) return new Set();
  const rows = resultRows<{ number_id: string; contact_user_id: string }>(
    await db.execute(sql`
      select c.number_id, c.contact_user_id
      from jsonb_to_recordset(${JSON.stringify(chats)}::jsonb) as k("numberId" uuid, "userId" text, jid text)
      join conversations c on c.number_id = k."numberId" and c.contact_user_id = k."userId" and c.contact_jid <> k.jid
        and c.contact_phone is null`),
  );
  return new Set(rows.map((r) => `${r.number_id}|${r.contact_user_id}`));
}

export async function messageExists(db: Db, convId: string, externalId: string): Promise<MessageRecord | null> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.convId, convId), eq(messages.externalId, externalId)))
    .limit(1);
  return row ?? null;
}

/**
 * Inserts once per (conversation, external id); null when it was already stored (a replay). Its
 * time is placed after the conversation's messages within the second from `createdAt` on
 * (arrivalOrderedAt): WhatsApp's timestamps have second precision, so ties follow arrival order.
 */
export async function insertMessageOnce(
  db: Db,
  values: NewMessage & { createdAt: Date },
): Promise<MessageRecord | null> {
  const [row] = await db
    .insert(messages)
    .values({ ...values, createdAt: arrivalOrderedAt(values.convId, values.createdAt) as unknown as Date })
    .onConflictDoNothing({ target: [messages.convId, messages.externalId] })
    .returning();
  return row ?? null;
}

/**
 * A new message's time in its conversation (docs/decisions/005-conversation-engine.md): `at`, or just after (1 µs) the latest
 * message already stored in [at, at + 1 s). Messages delivered late keep WhatsApp's second-precision
 * time, so five with the same second tie; this keeps them, for the inbox and for the AI, in the
 * order they arrived.
 */
export function arrivalOrderedAt(convId: string, at: Date) {
  const iso = at.toISOString();
  return sql`coalesce((select max(x.created_at) + interval '1 microsecond' from messages x
    where x.conv_id = ${convId}::uuid and x.created_at >= ${iso}::timestamptz and x.created_at < ${iso}::timestamptz + interval '1 second'),
    ${iso}::timestamptz)`;
}

/**
 * An outgoing message of ours still waiting for the gateway's id, with this text: the gateway's
 * echo of a send in flight (it can arrive before sendText has answered).
 */
export async function findInflightOutgoing(
  db: Db,
  convId: string,
  content: string | null,
): Promise<MessageRecord | null> {
  if (!content) return null;
  const [row] = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.convId, convId),
        eq(messages.direction, 'out'),
        isNull(messages.externalId),
        inArray(messages.author, ['ai', 'owner_app']),
        eq(messages.content, content),
        sql`${messages.createdAt} > now() - interval '5 minutes'`,
      ),
    )
    .orderBy(desc(messages.createdAt))
    .limit(1);
  return row ?? null;
}

/** Moves the conversation's last message forward (never back: history sync brings old messages). */
export async function touchConversation(
  db: Db,
  convId: string,
  input: { at: Date; preview: string; unreadIncrement: number; contactName?: string | null; customerWrote?: boolean },
): Promise<ConversationRecord> {
  const at = sql`${input.at.toISOString()}::timestamptz`;
  const [row] = await db
    .update(conversations)
    .set({
      // The 24-hour window of Cloud API numbers starts at the customer's newest message.
      ...(input.customerWrote ? { customerLastAt: sql`greatest(${conversations.customerLastAt}, ${at})` } : {}),
      lastMessagePreview: sql`case when ${at} >= ${conversations.lastMessage} then ${input.preview} else ${conversations.lastMessagePreview} end`,
      lastMessage: sql`greatest(${conversations.lastMessage}, ${at})`,
      unreadCount: sql`${conversations.unreadCount} + ${input.unreadIncrement}`,
      ...(input.contactName ? { contactName: sql`coalesce(${conversations.contactName}, ${input.contactName})` } : {}),
    })
    .where(eq(conversations.id, convId))
    .returning();
  return row!;
}

/**
 * Switches the AI off for a conversation (takeover, opt-out) and cancels its open burst. After a
 * takeover the AI comes back after the agent's quiet time (hand-over.ts); after an opt-out never.
 */
export async function switchAiOff(
  db: Db,
  convId: string,
  input: { optOut: boolean; reason: string },
): Promise<ConversationRecord> {
  const [row] = await db
    .update(conversations)
    .set({
      agenteAtivo: false,
      ...(input.optOut ? { optedOut: true, aiResumesAt: null } : { aiResumesAt: resumeAtOf(convId) }),
    })
    .where(eq(conversations.id, convId))
    .returning();
  await cancelOpenBursts(db, convId, input.reason);
  return row!;
}

export async function cancelOpenBursts(db: Db, convId: string, reason: string): Promise<void> {
  await db
    .update(replyBursts)
    .set({ state: 'cancelled', reason, claimToken: null, updatedAt: sql`now()` })
    .where(and(eq(replyBursts.convId, convId), inArray(replyBursts.state, ['waiting', 'generating'])));
}

/**
 * Opens the conversation's burst, or extends the open one: version+1, due again after the quiet
 * time (capped from the first message). A burst being generated goes back to waiting, so the
 * answer in preparation is dropped and the whole burst is answered again.
 */
export async function upsertBurst(
  db: Db,
  input: { userId: string; convId: string; at: Date; quietMs: number; capMs: number },
): Promise<{ id: string; version: number; dueAt: Date }> {
  const at = input.at.toISOString();
  const result = await db.execute(sql`
    insert into reply_bursts (user_id, conv_id, first_message_at, last_message_at, due_at)
    values (${input.userId}, ${input.convId}, ${at}::timestamptz, ${at}::timestamptz,
            ${at}::timestamptz + make_interval(secs => ${input.quietMs / 1000}))
    on conflict (conv_id) where state in ('waiting', 'generating') do update set
      version = reply_bursts.version + 1,
      state = 'waiting',
      claim_token = null,
      last_message_at = greatest(reply_bursts.last_message_at, excluded.last_message_at),
      due_at = ${burstDueSql(
        sql`reply_bursts.first_message_at`,
        sql`greatest(reply_bursts.last_message_at, excluded.last_message_at)`,
        sql`make_interval(secs => ${input.quietMs / 1000})`,
        sql`make_interval(secs => ${input.capMs / 1000})`,
      )},
      updated_at = now()
    returning id, version, due_at`);
  const row = resultRows<{ id: string; version: number; due_at: string | Date }>(result)[0]!;
  return { id: row.id, version: Number(row.version), dueAt: new Date(row.due_at) };
}

export async function markEventProcessed(db: Db, eventId: string): Promise<void> {
  await db
    .update(gatewayEvents)
    .set({ processedAt: sql`now()` })
    .where(eq(gatewayEvents.id, eventId));
}

// ---------------------------------------------------------------------------------------------
// Usage (usage_monthly)

export interface PlanAllowance {
  maxAiMessages: number;
  /** The free plan stops answering at the limit; paid plans keep answering and count overage. */
  isFree: boolean;
  aiMessages: number;
}

/** This month's AI messages against the user's plan (no plan = the free plan, decision 002). */
export async function planAllowance(db: Db, accountId: string, now = new Date()): Promise<PlanAllowance> {
  const [planRow] = await db
    .select({ slug: plans.slug, priceCents: plans.priceCents, maxAiMessages: plans.maxAiMessages })
    .from(profiles)
    .innerJoin(plans, eq(plans.id, profiles.activePlanId))
    .where(eq(profiles.id, accountId))
    .limit(1);
  const plan =
    planRow ??
    (
      await db
        .select({ slug: plans.slug, priceCents: plans.priceCents, maxAiMessages: plans.maxAiMessages })
        .from(plans)
        .where(eq(plans.slug, 'freemium'))
        .limit(1)
    )[0];
  const [used] = await db
    .select({ n: usageMonthly.aiMessages })
    .from(usageMonthly)
    .where(and(eq(usageMonthly.userId, accountId), eq(usageMonthly.month, monthStart(now).toISOString().slice(0, 10))));
  return {
    maxAiMessages: plan?.maxAiMessages ?? 0,
    isFree: !plan || plan.slug === 'freemium' || plan.priceCents === 0,
    aiMessages: used?.n ?? 0,
  };
}
