import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conversationNotes, user } from '../../db/schema/index.ts';

export type NoteRow = {
  id: string;
  convId: string;
  text: string;
  createdAt: Date;
  authorId: string | null;
  authorName: string | null;
};

const noteColumns = {
  id: conversationNotes.id,
  convId: conversationNotes.convId,
  text: conversationNotes.text,
  createdAt: conversationNotes.createdAt,
  authorId: conversationNotes.authorId,
  authorName: user.name,
};

/** A conversation's notes, oldest first, with their author's name. */
export async function selectNotes(db: Db, accountId: string, convId: string): Promise<NoteRow[]> {
  return db
    .select(noteColumns)
    .from(conversationNotes)
    .leftJoin(user, eq(user.id, conversationNotes.authorId))
    .where(and(eq(conversationNotes.userId, accountId), eq(conversationNotes.convId, convId)))
    .orderBy(asc(conversationNotes.createdAt), asc(conversationNotes.id));
}

export async function insertNote(db: Db, values: { userId: string; convId: string; text: string; authorId: string }) {
  const [row] = await db.insert(conversationNotes).values(values).returning({ id: conversationNotes.id });
  return row!.id;
}

export async function selectNote(db: Db, accountId: string, convId: string, noteId: string) {
  const [row] = await db
    .select(noteColumns)
    .from(conversationNotes)
    .leftJoin(user, eq(user.id, conversationNotes.authorId))
    .where(
      and(
        eq(conversationNotes.id, noteId),
        eq(conversationNotes.userId, accountId),
        eq(conversationNotes.convId, convId),
      ),
    );
  return row ?? null;
}

export async function removeNote(db: Db, accountId: string, noteId: string): Promise<boolean> {
  const rows = await db
    .delete(conversationNotes)
    .where(and(eq(conversationNotes.id, noteId), eq(conversationNotes.userId, accountId)))
    .returning({ id: conversationNotes.id });
  return rows.length > 0;
}
