import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';
import { conversations, followUps, messages } from '../../db/schema/index.ts';

// The follow-ups' rows as the chat ('Agendar mensagem', the next touch) and the sender
// (send-follow-up.ts) read and write them. The rules stay in conversation-follow-ups.ts and send-follow-up.ts.

export type FollowUpRecord = typeof followUps.$inferSelect;
export type MessageRecord = typeof messages.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const OPEN: ('scheduled' | 'sending')[] = ['scheduled', 'sending'];

/** The account's conversation (its number), or null. */
export async function selectOwnConversation(
  db: Db,
  accountId: string,
  convId: string,
): Promise<{ id: string; numberId: string } | null> {
  const [conv] = await db
    .select({ id: conversations.id, numberId: conversations.numberId })
    .from(conversations)
    .where(and(eq(conversations.id, convId), eq(conversations.userId, accountId)));
  return conv ?? null;
}

/** The conversation's open follow-ups (scheduled or sending), soonest first. */
export function selectOpenFollowUps(db: Db, accountId: string, convId: string): Promise<FollowUpRecord[]> {
  return db
    .select()
    .from(followUps)
    .where(and(eq(followUps.convId, convId), eq(followUps.userId, accountId), inArray(followUps.state, OPEN)))
    .orderBy(followUps.dueAt);
}

/** The conversation's latest `limit` finished follow-ups, last changed first. */
export function selectRecentFollowUps(
  db: Db,
  accountId: string,
  convId: string,
  limit: number,
): Promise<FollowUpRecord[]> {
  return db
    .select()
    .from(followUps)
    .where(and(eq(followUps.convId, convId), eq(followUps.userId, accountId), notInArray(followUps.state, OPEN)))
    .orderBy(desc(followUps.updatedAt))
    .limit(limit);
}

export async function insertScheduledMessage(
  db: Db,
  values: { accountId: string; convId: string; numberId: string; dueAt: Date; text: string; cancelOnReply: boolean },
): Promise<FollowUpRecord> {
  const { accountId, ...rest } = values;
  const [row] = await db
    .insert(followUps)
    .values({ userId: accountId, kind: 'scheduled', ...rest })
    .returning();
  return row!;
}

/** Cancels the account's follow-up if it is still scheduled; null when it is not (gone, sending or done). */
export async function cancelScheduledFollowUp(
  db: Db,
  accountId: string,
  id: string,
  reason: string,
): Promise<FollowUpRecord | null> {
  const [row] = await db
    .update(followUps)
    .set({ state: 'cancelled', reason, updatedAt: new Date() })
    .where(and(eq(followUps.id, id), eq(followUps.userId, accountId), eq(followUps.state, 'scheduled')))
    .returning();
  return row ?? null;
}

export async function followUpExists(db: Db, accountId: string, id: string): Promise<boolean> {
  const [existing] = await db
    .select({ id: followUps.id })
    .from(followUps)
    .where(and(eq(followUps.id, id), eq(followUps.userId, accountId)));
  return existing !== undefined;
}

interface LastMessageRow {
  id: string;
  direction: string;
  created_at: Date | string;
}

/** The conversation's last message (or none), with the conversation row held for the transaction. */
export async function lockLastMessage(tx: Tx, convId: string): Promise<LastMessageRow | undefined> {
  const [last] = resultRows<LastMessageRow>(
    await tx.execute(sql`
      select m.id, m.direction, m.created_at from conversations c
      left join lateral (select id, direction, created_at from messages where conv_id = c.id
                         order by created_at desc, id desc limit 1) m on true
      where c.id = ${convId} for update of c`),
  );
  return last;
}

/** The follow-up's message, stored as pending (author: the AI for a touch, the owner's app otherwise). */
export async function insertPendingMessage(
  tx: Tx,
  m: { accountId: string; convId: string; content: string; author: 'ai' | 'owner_app'; createdAt: Date },
): Promise<MessageRecord> {
  const [message] = await tx
    .insert(messages)
    .values({
      userId: m.accountId,
      convId: m.convId,
      direction: 'out',
      content: m.content,
      fromMe: true,
      author: m.author,
      messageType: 'text',
      status: 'pending',
      createdAt: m.createdAt,
    })
    .returning();
  return message!;
}

/** Points the follow-up (still claimed by `token`, sending) at its message; false when the claim was lost. */
export async function markFollowUpInFlight(
  tx: Tx,
  f: { id: string; token: string; messageId: string; text: string; sentAt: Date },
): Promise<boolean> {
  const marked = resultRows<{ id: string }>(
    await tx.execute(sql`
      update follow_ups set message_id = ${f.messageId}, text = ${f.text}, sent_at = ${f.sentAt.toISOString()}::timestamptz,
        updated_at = now()
      where id = ${f.id} and claim_token = ${f.token} and state = 'sending' returning id`),
  );
  return marked.length > 0;
}

/** The conversation's last-message time (never back in time) and preview. */
export async function touchConversationPreview(tx: Tx, convId: string, at: Date, preview: string): Promise<void> {
  await tx.execute(sql`
    update conversations set last_message = greatest(last_message, ${at.toISOString()}::timestamptz),
      last_message_preview = ${preview}
    where id = ${convId}`);
}

/** An echo stored meanwhile under the same gateway id, other than the message itself. */
export async function deleteEchoOf(tx: Tx, convId: string, externalId: string, messageId: string): Promise<void> {
  await tx.execute(sql`
    delete from messages where conv_id = ${convId} and external_id = ${externalId} and id <> ${messageId}`);
}

/** The message sent (with its gateway id when known) or failed, if it is still pending or failed. */
export async function settleMessage(
  tx: Tx,
  messageId: string,
  outcome: { externalId: string | null } | { error: string },
): Promise<MessageRecord | null> {
  const [row] = await tx
    .update(messages)
    .set(
      'externalId' in outcome
        ? { status: 'sent', ...(outcome.externalId ? { externalId: outcome.externalId } : {}) }
        : { status: 'failed', error: outcome.error },
    )
    .where(sql`${messages.id} = ${messageId} and ${messages.status} in ('pending', 'failed')`)
    .returning();
  return row ?? null;
}

/** The follow-up sent or failed (with its reason), releasing the claim `token`. */
export async function settleFollowUp(
  tx: Tx,
  f: { id: string; token: string; sent: boolean; reason: string | null },
): Promise<void> {
  await tx.execute(sql`
    update follow_ups set state = ${f.sent ? 'sent' : 'failed'}, reason = ${f.reason},
      claim_token = null, updated_at = now()
    where id = ${f.id} and claim_token = ${f.token}`);
}
