import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { LabelInput } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { conversationLabels, conversations, labels } from '../../db/schema/index.ts';

const labelColumns = { id: labels.id, name: labels.name, color: labels.color };

/** The account's labels, by name (accents and case ignored the way people read them). */
export function selectLabels(db: Db, accountId: string) {
  return db
    .select(labelColumns)
    .from(labels)
    .where(eq(labels.userId, accountId))
    .orderBy(asc(sql`lower(${labels.name})`), asc(labels.id));
}

export async function countLabels(db: Db, accountId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(labels).where(eq(labels.userId, accountId));
  return Number(row?.n ?? 0);
}

/** Serialises label creation per account, so two at once cannot pass the limit together. */
export async function lockAccountLabels(db: Db, accountId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`labels:${accountId}`}))`);
}

/** Another label of the account has this name, whatever the case. */
export async function nameTaken(db: Db, accountId: string, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: labels.id })
    .from(labels)
    .where(
      and(
        eq(labels.userId, accountId),
        sql`lower(${labels.name}) = lower(${name})`,
        exceptId ? ne(labels.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function labelExists(db: Db, accountId: string, labelId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: labels.id })
    .from(labels)
    .where(and(eq(labels.id, labelId), eq(labels.userId, accountId)));
  return Boolean(row);
}

export async function conversationExists(db: Db, accountId: string, convId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.id, convId), eq(conversations.userId, accountId)));
  return Boolean(row);
}

/** The label ids of each listed conversation of the account (conversations without labels are absent). */
export async function selectLabelIdsOf(db: Db, accountId: string, convIds: string[]): Promise<Map<string, string[]>> {
  const byConv = new Map<string, string[]>();
  if (!convIds.length) return byConv;
  const rows = await db
    .select({ convId: conversationLabels.convId, labelId: conversationLabels.labelId })
    .from(conversationLabels)
    .innerJoin(labels, eq(labels.id, conversationLabels.labelId))
    .where(and(eq(conversationLabels.userId, accountId), inArray(conversationLabels.convId, convIds)))
    .orderBy(asc(sql`lower(${labels.name})`), asc(labels.id));
  for (const r of rows) byConv.set(r.convId, [...(byConv.get(r.convId) ?? []), r.labelId]);
  return byConv;
}

export async function insertConversationLabel(db: Db, accountId: string, convId: string, labelId: string) {
  await db.insert(conversationLabels).values({ userId: accountId, convId, labelId }).onConflictDoNothing();
}

export async function deleteConversationLabel(db: Db, accountId: string, convId: string, labelId: string) {
  await db
    .delete(conversationLabels)
    .where(
      and(
        eq(conversationLabels.userId, accountId),
        eq(conversationLabels.convId, convId),
        eq(conversationLabels.labelId, labelId),
      ),
    );
}

/** Throws the unique index's violation (23505) when the account already uses the name. */
export async function insertLabel(db: Db, accountId: string, input: LabelInput) {
  const [row] = await db
    .insert(labels)
    .values({ userId: accountId, ...input })
    .returning(labelColumns);
  return row!;
}

/** The updated label, or null when the account has no label with this id. */
export async function updateLabelRow(db: Db, accountId: string, id: string, input: LabelInput) {
  const [row] = await db
    .update(labels)
    .set(input)
    .where(and(eq(labels.id, id), eq(labels.userId, accountId)))
    .returning(labelColumns);
  return row ?? null;
}

/** True when a label of the account was deleted (its conversations lose it by foreign key). */
export async function deleteLabelRow(db: Db, accountId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(labels)
    .where(and(eq(labels.id, id), eq(labels.userId, accountId)))
    .returning({ id: labels.id });
  return rows.length > 0;
}
