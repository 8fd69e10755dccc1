import { NOTE_NOT_FOUND, NOTE_NOT_YOURS, type NoteDto, type NoteInput } from '@vendai/contracts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { SessionUser } from '../../types.ts';
import { CONVERSATION_NOT_FOUND } from './conversation-labels-service.ts';
import type { ConversationToolsDeps } from './conversation-tools-deps.ts';
import { conversationExists } from './labels-repository.ts';
import { insertNote, type NoteRow, removeNote, selectNote, selectNotes } from './notes-repository.ts';

/** Its author or the account's owner may delete a note. */
const mayDelete = (note: NoteRow, viewer: SessionUser) => viewer.role === 'owner' || note.authorId === viewer.actorId;

function toNoteDto(note: NoteRow, viewer: SessionUser): NoteDto {
  return {
    id: note.id,
    convId: note.convId,
    text: note.text,
    createdAt: note.createdAt.toISOString(),
    authorName: note.authorName,
    canDelete: mayDelete(note, viewer),
  };
}

/**
 * A conversation's private notes (docs/decisions/043-labels-notes-funnel.md): written by the account's
 * people and stored only here; nothing in this module talks to the WhatsApp gateway.
 */
export async function listNotes(
  { db }: ConversationToolsDeps,
  viewer: SessionUser,
  convId: string,
): Promise<NoteDto[]> {
  if (!(await conversationExists(db, viewer.id, convId))) throw notFound(CONVERSATION_NOT_FOUND);
  return (await selectNotes(db, viewer.id, convId)).map((n) => toNoteDto(n, viewer));
}

/** A new note by the signed-in person; open inboxes of the account get `note.created`. */
export async function createNote(
  deps: ConversationToolsDeps,
  viewer: SessionUser,
  convId: string,
  input: NoteInput,
): Promise<NoteDto> {
  const { db } = deps;
  if (!(await conversationExists(db, viewer.id, convId))) throw notFound(CONVERSATION_NOT_FOUND);
  const id = await insertNote(db, { userId: viewer.id, convId, text: input.text, authorId: viewer.actorId });
  const note = await selectNote(db, viewer.id, convId, id);
  if (!note) throw notFound(CONVERSATION_NOT_FOUND);
  await deps.publish(viewer.id, { event: 'note.created', data: { id, convId } });
  return toNoteDto(note, viewer);
}

/** Deleted by its author or the owner (anyone else of the account: 403); another account's note is a 404. */
export async function deleteNote(deps: ConversationToolsDeps, viewer: SessionUser, convId: string, noteId: string) {
  const note = await selectNote(deps.db, viewer.id, convId, noteId);
  if (!note) throw notFound(NOTE_NOT_FOUND);
  if (!mayDelete(note, viewer)) throw new AppError('FORBIDDEN', NOTE_NOT_YOURS);
  if (!(await removeNote(deps.db, viewer.id, noteId))) throw notFound(NOTE_NOT_FOUND);
  await deps.publish(viewer.id, { event: 'note.deleted', data: { id: noteId, convId } });
}
