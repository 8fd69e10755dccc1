import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conversationLabels, conversationNotes, labels, user } from '../../db/schema/index.ts';

/**
 * 'Exportar meus dados': the account's labels with the conversations carrying each, and the private
 * notes with their author (docs/decisions/043-labels-notes-funnel.md). Both are typed by people, so
 * they are small enough to read whole.
 */
export async function readLabels(db: Db, memberId: string) {
  return db
    .select({
      id: labels.id,
      name: labels.name,
      color: labels.color,
      createdAt: labels.createdAt,
      conversationIds: sql<string[]>`coalesce(
        (select array_agg(${conversationLabels.convId}::text order by ${conversationLabels.createdAt})
         from ${conversationLabels} where ${conversationLabels.labelId} = ${labels.id}), '{}')`,
    })
    .from(labels)
    .where(eq(labels.userId, memberId))
    .orderBy(asc(labels.createdAt), asc(labels.id));
}

export async function readNotes(db: Db, memberId: string) {
  return db
    .select({
      id: conversationNotes.id,
      conversationId: conversationNotes.convId,
      createdAt: conversationNotes.createdAt,
      author: user.name,
      text: conversationNotes.text,
    })
    .from(conversationNotes)
    .leftJoin(user, eq(user.id, conversationNotes.authorId))
    .where(eq(conversationNotes.userId, memberId))
    .orderBy(asc(conversationNotes.createdAt), asc(conversationNotes.id));
}
