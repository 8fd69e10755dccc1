import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  conversationLabels,
  conversations,
  labels,
  messages,
  neverAnswerContacts,
  numbers,
} from '../../db/schema/index.ts';
import {
  type ConversationRow,
  conversationColumns,
  keyText,
} from '../../domain/conversations/conversation-repository.ts';
import type { KeysetPosition } from '../../lib/keyset-cursor.ts';
import { isOwnerChannelSql } from '../../domain/phones/owner-channel.ts';

/** The owner's own chat is not a customer's conversation (decision 048): never listed, counted or opened. */
const notOwnerChannel = sql`not ${isOwnerChannelSql({ userId: sql`${conversations.userId}`, contactPhone: sql`${conversations.contactPhone}` })}`;

export type MessageRow = typeof messages.$inferSelect & { createdAtKey: string };

/**
 * One page of the user's conversations, newest first, strictly after `after` in that order.
 * The ORDER BY spells out NULLS LAST to match the index (user_id, last_message DESC NULLS LAST,
 * id DESC NULLS LAST) exactly: a plain DESC means NULLS FIRST, and PostgreSQL then ignores the
 * index and sorts the whole table (the columns are NOT NULL, but the planner does not use that).
 * `(last_message, id) < (…)` is a row comparison the planner turns into an index range, so a deep
 * page costs what the first one does (docs/performance.md).
 * A filter only narrows the rows (an EXISTS on the label): the order and the cursor stay the same, so
 * the keyset paging holds for the filtered list too.
 */
export function conversationPageQuery(
  db: Db,
  accountId: string,
  after: KeysetPosition | null,
  limit: number,
  filter: ConversationListFilter = {},
) {
  return db
    .select(conversationColumns)
    .from(conversations)
    .innerJoin(numbers, eq(numbers.id, conversations.numberId))
    .where(
      and(
        eq(conversations.userId, accountId),
        notOwnerChannel,
        after
          ? sql`(${conversations.lastMessage}, ${conversations.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
          : undefined,
        filter.assignedTo === undefined
          ? undefined
          : filter.assignedTo === null
            ? isNull(conversations.assignedUserId)
            : eq(conversations.assignedUserId, filter.assignedTo),
        filter.labelId
          ? sql`exists (select 1 from ${conversationLabels} where ${conversationLabels.convId} = ${conversations.id}
              and ${conversationLabels.labelId} = ${filter.labelId}::uuid)`
          : undefined,
      ),
    )
    .orderBy(sql`${conversations.lastMessage} desc nulls last`, sql`${conversations.id} desc nulls last`)
    .limit(limit);
}

/** What the list may be narrowed to: the conversations carrying one label (docs/decisions/043-labels-notes-funnel.md). */
export interface ConversationListFilter {
  labelId?: string;
  /**
   * 'Minhas' (a person's id) or 'Sem responsável' (null); absent: every conversation. The index
   * (user_id, assigned_user_id, last_message desc, id desc) serves both with the same keyset order.
   */
  assignedTo?: string | null;
}

export async function selectConversationPage(
  db: Db,
  accountId: string,
  after: KeysetPosition | null,
  limit: number,
  filter: ConversationListFilter = {},
): Promise<ConversationRow[]> {
  return (await conversationPageQuery(db, accountId, after, limit, filter)) as ConversationRow[];
}

/** The label is one of the account's (the list's filter by another account's label is a 404). */
export async function isLabelOfAccount(db: Db, accountId: string, labelId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: labels.id })
    .from(labels)
    .where(and(eq(labels.id, labelId), eq(labels.userId, accountId)));
  return Boolean(row);
}

export async function countConversationsOfAccount(db: Db, accountId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(conversations)
    .where(and(eq(conversations.userId, accountId), notOwnerChannel));
  return Number(row?.total ?? 0);
}

/** A conversation of this user, with its number; null for an unknown id or another user's. */
export async function findConversationOfAccount(
  db: Db,
  accountId: string,
  id: string,
): Promise<ConversationRow | null> {
  const [row] = await db
    .select(conversationColumns)
    .from(conversations)
    .innerJoin(numbers, eq(numbers.id, conversations.numberId))
    .where(and(eq(conversations.id, id), eq(conversations.userId, accountId), notOwnerChannel))
    .limit(1);
  return (row as ConversationRow | undefined) ?? null;
}

/** One page of a conversation's messages, newest first, strictly older than `before` (same index rules as above). */
export function messagePageQuery(
  db: Db,
  accountId: string,
  convId: string,
  before: KeysetPosition | null,
  limit: number,
) {
  return db
    .select({ message: messages, createdAtKey: keyText(messages.createdAt) })
    .from(messages)
    .where(
      and(
        eq(messages.convId, convId),
        eq(messages.userId, accountId),
        before
          ? sql`(${messages.createdAt}, ${messages.id}) < (${before.at}::timestamptz, ${before.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(sql`${messages.createdAt} desc nulls last`, sql`${messages.id} desc nulls last`)
    .limit(limit);
}

export async function selectMessagePage(
  db: Db,
  accountId: string,
  convId: string,
  before: KeysetPosition | null,
  limit: number,
): Promise<MessageRow[]> {
  const rows = await messagePageQuery(db, accountId, convId, before, limit);
  return rows.map((r) => ({ ...r.message, createdAtKey: r.createdAtKey }));
}

/**
 * Flips the AI/Manual switch. Turning the AI back on is the owner's call, so it also lifts an opt-out
 * and a handoff. Switching it off by hand keeps it off, unless `resumeInHours` says when it comes
 * back (the inbox's 'voltar em…'); undefined keeps a running quiet time as it is.
 */
export async function updateAgenteAtivo(
  db: Db,
  accountId: string,
  id: string,
  agenteAtivo: boolean,
  resumeInHours?: number | null,
): Promise<void> {
  const resume =
    resumeInHours === undefined
      ? {}
      : { aiResumesAt: resumeInHours === null ? null : sql`now() + make_interval(hours => ${resumeInHours})` };
  await db
    .update(conversations)
    .set(
      agenteAtivo
        ? { agenteAtivo, optedOut: false, handoffReason: null, aiResumesAt: null }
        : { agenteAtivo, ...resume },
    )
    .where(and(eq(conversations.id, id), eq(conversations.userId, accountId)));
}

/**
 * 'Nunca responder' for a contact of the account: stored (or removed) in never_answer_contacts and
 * copied onto every conversation with that contact; setting it switches the AI off with no return
 * time. Answers the ids of the conversations changed.
 */
export async function updateNeverAnswer(
  db: Db,
  accountId: string,
  contactJid: string,
  never: boolean,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    if (never) await tx.insert(neverAnswerContacts).values({ userId: accountId, contactJid }).onConflictDoNothing();
    else
      await tx
        .delete(neverAnswerContacts)
        .where(and(eq(neverAnswerContacts.userId, accountId), eq(neverAnswerContacts.contactJid, contactJid)));
    const rows = await tx
      .update(conversations)
      .set(never ? { neverAnswer: true, agenteAtivo: false, aiResumesAt: null } : { neverAnswer: false })
      .where(and(eq(conversations.userId, accountId), eq(conversations.contactJid, contactJid)))
      .returning({ id: conversations.id });
    return rows.map((r) => r.id);
  });
}

/** unread_count = 0; answers whether anything changed (an already-read conversation needs no event). */
export async function clearUnread(db: Db, accountId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(conversations)
    .set({ unreadCount: 0 })
    .where(and(eq(conversations.id, id), eq(conversations.userId, accountId), sql`${conversations.unreadCount} <> 0`))
    .returning({ id: conversations.id });
  return rows.length > 0;
}

/** Sets (or clears) the conversation's person; false for an unknown id or another account's. */
export async function updateAssignee(db: Db, accountId: string, id: string, assignee: string | null): Promise<boolean> {
  const rows = await db
    .update(conversations)
    .set({ assignedUserId: assignee })
    .where(and(eq(conversations.id, id), eq(conversations.userId, accountId)))
    .returning({ id: conversations.id });
  return rows.length > 0;
}
